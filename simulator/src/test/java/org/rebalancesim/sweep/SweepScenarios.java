package org.rebalancesim.sweep;

import java.util.List;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;

/** A small scenario with random faults, cheap enough to sweep in a unit test. */
final class SweepScenarios {

    /** Crashes and GC pauses at random, so seeds differ; two variants, one of them setting the session itself. */
    static final String SMALL = """
            name: small-sweep
            seed: 40
            duration: 4m
            measure: {from: 30s}
            group: {id: sweep-test}
            topics: [{name: t, partitions: 6, rate: 30/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 10000, partition.assignment.strategy: range}
              startup: {jvmStart: 1s}
            faults:
              - crash: {consumer: all, every: {uniform: {min: 40s, max: 2m}}, restartAfter: {uniform: {min: 2s, max: 8s}}}
              - gcPause: {consumer: all, every: {uniform: {min: 30s, max: 90s}}, duration: {uniform: {min: 1s, max: 6s}}}
            variants:
              - name: short
              - name: long
                consumers: {config: {session.timeout.ms: 45000}}
            expect:
              short:
                evictions: ">= 1"
            """;

    private SweepScenarios() {
    }

    static ScenarioTemplate small() {
        try {
            return ScenarioTemplate.fromText(SMALL, "small-sweep.yaml");
        } catch (ScenarioException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    static SweepPlan plan(List<String> sets, String variant, int seeds) throws ScenarioException {
        return SweepPlanner.plan(small(), sets.stream().map(SetOption::parse).toList(), variant, seeds);
    }
}
