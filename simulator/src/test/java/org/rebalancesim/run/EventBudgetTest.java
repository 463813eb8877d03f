package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * The up-front estimate refuses only what is really too big: it stays at or above what a run takes
 * (so the refusal comes before, not after, the hour spent) and within the order of magnitude the
 * README promises, and the large-group benchmark is not refused under the default budget.
 */
class EventBudgetTest {

    static List<Path> library() {
        return SimRuns.libraryScenarios();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("library")
    void theEstimateIsAtOrAboveTheActualCountAndOfItsOrder(Path file) {
        Scenario scenario = SimRuns.loadFile(file);
        for (VariantResult result : SimRuns.runScenario(scenario).variants()) {
            Variant variant = scenario.variants().stream().filter(v -> v.name().equals(result.name())).findFirst()
                    .orElseThrow();
            double ratio = EventBudget.estimate(variant) / result.eventsSimulated();
            String what = String.format(Locale.ROOT, "%s %s: estimate %.0f, actual %d", file.getFileName(),
                    result.name(), EventBudget.estimate(variant), result.eventsSimulated());
            assertTrue(ratio >= 1.0, what);
            assertTrue(ratio <= 10.0, what);
        }
    }

    /**
     * A thousand pods restarted one every 3 s with GC pauses is 14,000 rebalance triggers in the hour but
     * at most one rebalance at a time: the estimate must not count each trigger as a full-group rebalance.
     */
    @Test
    void aThousandPodGroupForAnHourFitsTheDefaultBudget() throws Exception {
        Scenario scenario = ScenarioLoader.fromText("""
                name: large-group
                duration: 1h
                group: {id: large-group}
                topics: [{name: events, partitions: 10000, rate: 2000/s}]
                consumers:
                  count: 1000
                  processing: {lognormal: {median: 1ms, p99: 10ms}}
                timeline:
                  - at: 5m
                    rollingRestart: {interval: 3s, downtime: 5s}
                faults:
                  - gcPause: {consumer: all, every: {exponential: {mean: 10m}}, duration: {lognormal: {median: 200ms, p99: 5s}}}
                """, "large-group.yaml");
        double estimate = EventBudget.estimate(scenario.variants().get(0));
        assertTrue(estimate < ScenarioRunner.DEFAULT_MAX_EVENTS, "estimate " + estimate);
        EventBudget.check(scenario.variants().get(0), ScenarioRunner.DEFAULT_MAX_EVENTS);
    }

    /** An anchored entry costs what the same operation at a fixed time costs: the budget counts operations. */
    @Test
    void anAnchoredOperationCountsLikeATimedOne() throws Exception {
        String yaml = """
                duration: 10m
                group: {id: budget}
                topics: [{name: t, partitions: 6, rate: 10/s}]
                consumers: {count: 3}
                timeline: [{at: %s, rollingRestart: {interval: 30s}}]
                """;
        Variant timed = ScenarioLoader.fromText(yaml.formatted("1m"), "timed.yaml").variants().get(0);
        Variant anchored = ScenarioLoader.fromText(yaml.formatted("{after: stable, plus: 1m}"), "anchored.yaml")
                .variants().get(0);
        assertTrue(EventBudget.estimate(timed) == EventBudget.estimate(anchored),
                EventBudget.estimate(timed) + " vs " + EventBudget.estimate(anchored));
    }
}
