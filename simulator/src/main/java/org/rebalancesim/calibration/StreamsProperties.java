package org.rebalancesim.calibration;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.StreamsApp;

/**
 * A Kafka Streams pod's configuration, from its scenario configuration: StreamsConfig's own settings
 * by their names, and the consumer settings Streams passes to its consumers (session timeout,
 * heartbeat, max.poll.interval.ms, ..., as {@link ConsumerProperties} makes them, less the ones Streams
 * sets itself). Timeouts and intervals are scaled, except that probing.rebalance.interval.ms cannot go
 * below StreamsConfig's minimum.
 */
final class StreamsProperties {

    /**
     * The consumer's identity and deserializers, which Streams sets per client from application.id and
     * client.id, beside the settings it fixes (StreamsApp#CONSUMER_CONFIGS_STREAMS_SETS).
     */
    private static final List<String> SET_PER_CLIENT = List.of("group.id", "client.id", "key.deserializer",
            "value.deserializer");

    private StreamsProperties() {
    }

    static Map<String, String> of(ConsumerConfig config, StreamsApp app, String pod, String bootstrapServers,
                                  String applicationId, Path stateDir, TimeScale scale) {
        Map<String, String> props = new LinkedHashMap<>(ConsumerProperties.of(config, pod, bootstrapServers,
                applicationId, scale));
        SET_PER_CLIENT.forEach(props::remove);
        StreamsApp.CONSUMER_CONFIGS_STREAMS_SETS.forEach(props::remove);
        props.put("application.id", applicationId);
        props.put("client.id", pod);
        props.put("state.dir", stateDir.toString());
        props.put("num.stream.threads", "1");
        props.put("num.standby.replicas", Integer.toString(app.numStandbyReplicas()));
        props.put("acceptable.recovery.lag", Long.toString(app.acceptableRecoveryLag()));
        props.put("max.warmup.replicas", Integer.toString(app.maxWarmupReplicas()));
        props.put("probing.rebalance.interval.ms", Long.toString(Math.max(StreamsApp.MIN_PROBING_REBALANCE_INTERVAL_MS,
                scale.configMs(app.probingRebalanceIntervalMs()))));
        props.put("commit.interval.ms", Long.toString(scale.configMs(app.commitIntervalMs())));
        props.put("poll.ms", Long.toString(scale.configMs(app.pollMs())));
        props.put("processing.guarantee", app.exactlyOnce() ? "exactly_once_v2" : "at_least_once");
        props.put("state.cleanup.delay.ms", Long.toString(scale.configMs(app.stateCleanupDelayMs())));
        if (app.taskAssignorClass() != null) {
            props.put("task.assignor.class", app.taskAssignorClass());
        }
        // The shaded simulator jar drops the client-telemetry classes (KIP-714): no client pushes metrics.
        for (String client : new String[] {"", "main.consumer.", "restore.consumer.", "producer.", "admin."}) {
            props.put(client + "enable.metrics.push", "false");
        }
        return props;
    }
}
