package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantsFaultsExpectationsTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void readsRecurringFaults() throws Exception {
        Variant variant = files.onlyVariant(ScenarioFiles.MINIMAL + """
                faults:
                  - gcPause: {every: {exponential: {mean: 10m}}, duration: {lognormal: {median: 1s, p99: 15s}}}
                  - crash: {consumer: c1, every: 1h}
                  - crash: {consumer: [c2, c3], every: 1h, restartAfter: {uniform: {min: 5s, max: 10s}}}
                  - brokerFailure: {every: 2h, downtime: 30s}
                  - brokerFailure: {broker: 1, every: 2h, duration: 30s}
                  - slowRecord: {consumer: all, every: 5m, duration: 2m}
                """);
        assertEquals(List.of(
                new FaultSpec(FaultKind.GC_PAUSE, ConsumerSelector.allPods(), -1,
                        new Distributions.Exponential(600_000), new Distributions.LogNormal(1_000, 15_000)),
                new FaultSpec(FaultKind.CRASH, ConsumerSelector.of(List.of("c1")), -1,
                        new Distributions.Constant(3_600_000), null),
                new FaultSpec(FaultKind.CRASH, ConsumerSelector.of(List.of("c2", "c3")), -1,
                        new Distributions.Constant(3_600_000), new Distributions.Uniform(5_000, 10_000)),
                new FaultSpec(FaultKind.BROKER_FAILURE, ConsumerSelector.of(List.of()), -1,
                        new Distributions.Constant(7_200_000), new Distributions.Constant(30_000)),
                new FaultSpec(FaultKind.BROKER_FAILURE, ConsumerSelector.of(List.of()), 1,
                        new Distributions.Constant(7_200_000), new Distributions.Constant(30_000)),
                new FaultSpec(FaultKind.SLOW_RECORD, ConsumerSelector.allPods(), -1,
                        new Distributions.Constant(300_000), new Distributions.Constant(120_000))), variant.faults());
        assertNull(variant.faults().get(1).duration());
    }

    @Test
    void reportsBadFaults() {
        assertEquals(List.of(
                "faults[0].crash.every: must be positive on average, got constant(0ms)",
                "faults[1].gcpause: unknown fault 'gcpause'; did you mean 'gcPause'?",
                "faults[2].gcPause.duration: required but missing; how long each fault lasts, e.g. duration: 2s",
                "faults[3].networkPartition.consumer: unknown consumer 'c4'; known: c1, c2, c3"),
                files.problems(ScenarioFiles.MINIMAL + """
                        faults:
                          - crash: {every: 0s}
                          - gcpause: {every: 1m, duration: 1s}
                          - gcPause: {every: 1m}
                          - networkPartition: {consumer: c4, every: 1m, duration: 1s}
                        """));
    }

    @Test
    void reportsBadExpectations() {
        assertEquals(List.of(
                "expect.bsae: unknown variant 'bsae'; did you mean 'base'?",
                "expect.base.rebalance: unknown metric 'rebalance'; did you mean 'rebalances'?",
                "expect.base.evictions: '=' is not a comparator; write == for equality, got '= 1'",
                "expect.base.maxLag: maxLag is a count, not a time; compare it with a plain number, got '10m'",
                "expect.base.duplicates: expected a rule like \">= 1\" or \"< 10m\" "
                        + "(comparators ==, !=, <, <=, >, >=), got 'few'"),
                files.problems(ScenarioFiles.MINIMAL + """
                        expect:
                          bsae: {rebalances: ">= 1"}
                          base: {rebalance: ">= 1", evictions: "= 1", maxLag: ">= 10m", duplicates: few}
                        """));
    }

    @Test
    void acceptsEveryComparatorAndDurationsForTimeMetrics() throws Exception {
        Variant variant = files.onlyVariant(ScenarioFiles.MINIMAL + """
                expect:
                  base:
                    rebalances: "!= 3"
                    downtimeByCause.deadOwner: "<= 45s"
                    finalLag: "< 1.5e3"
                    recordsProcessed: "> 0"
                    maxPartitionDowntimeMs: ">= 10m"
                """);
        assertEquals(List.of(new Expectation("rebalances", "!=", 3, "!= 3"),
                new Expectation("downtimeByCause.deadOwner", "<=", 45_000, "<= 45s"),
                new Expectation("finalLag", "<", 1500, "< 1.5e3"),
                new Expectation("recordsProcessed", ">", 0, "> 0"),
                new Expectation("maxPartitionDowntimeMs", ">=", 600_000, ">= 10m")), variant.expectations());
    }

    @Test
    void reportsBadVariantDefinitions() {
        assertEquals(List.of(
                "variants[1].seed: 'seed' belongs to the whole scenario; a variant can only override duration, "
                        + "measure, cluster, group, topics, consumers, timeline, faults",
                "variants[2].name: variant 'a' is defined twice; variant names must be unique",
                "variants[3].name: required but missing; the variant's name, e.g. name: static",
                "variants[4].consumer: unknown key 'consumer'; did you mean 'consumers'?"),
                files.problems(ScenarioFiles.MINIMAL + """
                        variants:
                          - name: a
                          - {name: b, seed: 3}
                          - name: a
                          - consumers: {count: 2}
                          - {name: e, consumer: {count: 2}}
                        """));
    }

    @Test
    void prefixesProblemsWithTheVariantThatHasThemAndReportsSharedOnesOnce() {
        assertEquals(List.of(
                "consumers.config.sesion.timeout.ms: unknown key 'sesion.timeout.ms'; did you mean "
                        + "'session.timeout.ms'?",
                "variants[1](static).consumers.config.session.timeout.ms: session.timeout.ms (3600000) is above the "
                        + "broker's group.max.session.timeout.ms (1800000): Kafka answers the JoinGroup with "
                        + "INVALID_SESSION_TIMEOUT and the consumer never joins; lower session.timeout.ms to at most "
                        + "1800000 or raise cluster.config.group.max.session.timeout.ms",
                "variants[2](short).timeline[0].at: at 20m is at or after the end of the run (duration: 15m), so "
                        + "the operation would never run; move it earlier or lengthen duration"),
                files.problems("""
                        duration: 30m
                        group: {id: demo}
                        topics: [{name: orders, partitions: 6}]
                        consumers:
                          count: 3
                          config: {sesion.timeout.ms: 10000}
                        timeline: [{at: 20m, stop: {consumer: c1}}]
                        variants:
                          - name: dynamic
                          - name: static
                            consumers: {config: {group.instance.id: pod-$(POD_NAME), session.timeout.ms: 1h}}
                          - name: short
                            duration: 15m
                        """));
    }
}
