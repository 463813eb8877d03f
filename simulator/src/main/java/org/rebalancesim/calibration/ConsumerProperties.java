package org.rebalancesim.calibration;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.scenario.ConsumerConfig;

/**
 * A pod's KafkaConsumer configuration, from its scenario configuration: Kafka names, timeouts and
 * intervals scaled by the time scale. The group protocol puts what selects it (group.protocol, and the
 * settings that go with it: the consumer protocol refuses the client-side session timeout, heartbeat
 * interval and assignment strategy).
 */
final class ConsumerProperties {

    private ConsumerProperties() {
    }

    static Map<String, String> of(ConsumerConfig config, String pod, String bootstrapServers, String groupId,
                                  TimeScale scale) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("group.id", groupId);
        props.put("client.id", pod);
        props.put("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        props.put("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        // The simulator's members start a partition without a committed offset at its beginning.
        props.put("auto.offset.reset", "earliest");
        // The shaded simulator jar drops the client-telemetry classes (KIP-714).
        props.put("enable.metrics.push", "false");
        GroupProtocols.ofBuiltInAssignors(config).putClientProperties(config, value -> ms(scale.configMs(value)), props);
        props.put("max.poll.interval.ms", ms(scale.configMs(config.maxPollIntervalMs())));
        props.put("max.poll.records", Integer.toString(config.maxPollRecords()));
        props.put("enable.auto.commit", Boolean.toString(config.enableAutoCommit()));
        props.put("auto.commit.interval.ms", ms(scale.configMs(config.autoCommitIntervalMs())));
        props.put("request.timeout.ms", ms(scale.configMs(config.requestTimeoutMs())));
        props.put("retry.backoff.ms", ms(scale.configMs(config.retryBackoffMs())));
        props.put("retry.backoff.max.ms", ms(scale.configMs(config.retryBackoffMaxMs())));
        props.put("metadata.max.age.ms", ms(scale.configMs(config.metadataMaxAgeMs())));
        String instanceId = config.instanceIdOf(pod);
        if (instanceId != null) {
            props.put("group.instance.id", instanceId);
        }
        return props;
    }

    private static String ms(long value) {
        return Long.toString(Math.min(Integer.MAX_VALUE, value));
    }
}
