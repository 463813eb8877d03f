package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.ExpectationParser;
import org.rebalancesim.scenario.ScenarioLoader;

/** Every metric a run reports can be used in an expect: rule, and every rule names a metric a run reports. */
class MetricNamesTest {

    @Test
    void expectRulesAndRunResultsKnowTheSameMetrics() throws Exception {
        VariantResult result = ScenarioRunner.run(ScenarioLoader.fromText("""
                duration: 1m
                group: {id: names}
                topics: [{name: t, partitions: 2, rate: 10/s}]
                consumers: {count: 2}
                """, "names.yaml"), null, ScenarioRunner.DEFAULT_MAX_EVENTS).variants().get(0);
        assertEquals(new TreeSet<>(ExpectationParser.KNOWN_METRICS), new TreeSet<>(result.metrics().keySet()));
        assertEquals(Set.copyOf(ExpectationParser.KNOWN_METRICS).size(), ExpectationParser.KNOWN_METRICS.size());
    }
}
