package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.RunKind;
import org.rebalancesim.scenario.ExpectationParser;
import org.rebalancesim.scenario.ScenarioLoader;

/**
 * Every metric a run reports can be used in an expect: rule, and every rule names a metric a run reports: a
 * Kafka Streams application's run reports every metric, a plain consumer group's all but the Streams ones.
 */
class MetricNamesTest {

    private static VariantResult run(String consumers) throws Exception {
        return ScenarioRunner.run(ScenarioLoader.fromText("""
                duration: 1m
                group: {id: names}
                topics: [{name: t, partitions: 2, rate: 10/s}]
                consumers: %s
                """.formatted(consumers), "names.yaml"), null, ScenarioRunner.DEFAULT_MAX_EVENTS).variants().get(0);
    }

    @Test
    void expectRulesAndRunResultsKnowTheSameMetrics() throws Exception {
        VariantResult streams = run("{count: 2, app: streams, topology: {subtopologies: [{source: t}]},"
                + " workload: {kind: StatefulSet}}");
        assertEquals(new TreeSet<>(ExpectationParser.KNOWN_METRICS), new TreeSet<>(streams.metrics().keySet()));
        assertEquals(Set.copyOf(ExpectationParser.KNOWN_METRICS).size(), ExpectationParser.KNOWN_METRICS.size());
        VariantResult plain = run("{count: 2}");
        Set<String> plainNames = new TreeSet<>(ExpectationParser.KNOWN_METRICS);
        plainNames.removeIf(name -> !Metric.of(name).appliesTo(RunKind.PLAIN));
        assertEquals(plainNames, new TreeSet<>(plain.metrics().keySet()));
        Set<String> streamsOnly = new TreeSet<>(Set.of("taskDowntimeMs", "maxTaskDowntimeMs", "recordsRestored",
                "probingRebalances", "maxTaskRecoveryMs", "maxStandbyLagRecords", "scaleOuts", "scaleIns",
                "maxReplicas", "missingPodTimeMs", "lagOvershoot", "drainTimeMs", "slowerScaleOuts"));
        for (String cause : List.of("rebalance", "deadOwner", "pausedOwner", "unreachableOwner", "noMembers",
                "restoring")) {
            streamsOnly.add("taskDowntimeByCause." + cause);
        }
        assertEquals(streamsOnly, new TreeSet<>(streams.metrics().keySet().stream()
                .filter(name -> !plainNames.contains(name)).toList()));
    }
}
