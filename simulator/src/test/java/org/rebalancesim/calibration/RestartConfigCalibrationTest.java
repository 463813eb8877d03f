package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.consumer.PodConfigs;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * A restart's {@code config:} on real Kafka: the restarted pod's next worker is launched with the new consumer
 * configs (an online upgrade, docs/kafka-semantics.md §21), and the broker gets the scenario's migration policy.
 */
class RestartConfigCalibrationTest {

    private static final String UPGRADE = """
            duration: 60s
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 10/s}]
            consumers:
              count: 2
              config: {partition.assignment.strategy: cooperative-sticky, session.timeout.ms: 6000}
            timeline:
              - at: 10s
                rollingRestart: {interval: 10s, downtime: 2s, config: {group.protocol: consumer}}
            """;

    private static Variant variant(String yaml) throws Exception {
        return ScenarioLoader.fromText(yaml, "upgrade.yaml").variants().get(0);
    }

    private static Map<String, String> workerProperties(PodConfigs configs, String pod) {
        return ConsumerProperties.of(configs.of(pod), pod, "h:1", "g", TimeScale.REAL_TIME);
    }

    @Test
    void restartedPodsNextWorkerRunsTheNewProtocol() throws Exception {
        Variant variant = variant(UPGRADE);
        Operation.RollingRestart rolling = (Operation.RollingRestart) variant.timeline().get(0).operation();
        PodConfigs configs = new PodConfigs(variant.consumers());

        // Before the restart every pod is the classic cooperative member consumers.config describes.
        assertEquals("classic", workerProperties(configs, "c1").getOrDefault("group.protocol", "classic"));
        assertEquals("6000", workerProperties(configs, "c1").get("session.timeout.ms"));

        configs.restartWith(rolling.config(), "c1");

        // The new process: group.protocol=consumer over consumers.config. Kafka's ConsumerConfig refuses
        // session.timeout.ms and partition.assignment.strategy with the consumer protocol (the broker owns the
        // session and the assignor), so the worker must not carry them, although consumers.config sets them.
        Map<String, String> upgraded = workerProperties(configs, "c1");
        assertEquals("consumer", upgraded.get("group.protocol"));
        assertFalse(upgraded.containsKey("session.timeout.ms"));
        assertFalse(upgraded.containsKey("partition.assignment.strategy"));
        // c2 has not been restarted yet: its next process (after a crash, say) is still classic.
        assertEquals("6000", workerProperties(configs, "c2").get("session.timeout.ms"));
    }

    @Test
    void brokerGetsTheMigrationPolicyOnlyWhenItIsNotKafkasDefault() throws Exception {
        // GroupCoordinatorConfig's default is bidirectional: the broker needs to be told only of another.
        assertNull(BrokerSettings.of(variant(UPGRADE), TimeScale.REAL_TIME).get("group.consumer.migration.policy"));
        Variant disabled = variant(UPGRADE + """
                cluster:
                  config: {group.consumer.migration.policy: disabled}
                """);
        assertEquals("disabled", BrokerSettings.of(disabled, TimeScale.REAL_TIME).get("group.consumer.migration.policy"));
    }
}
