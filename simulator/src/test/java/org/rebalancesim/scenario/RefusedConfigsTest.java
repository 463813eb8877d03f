package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumer configs Kafka 4.4.0's client refuses under a group.protocol (ConsumerConfig's
 * CONSUMER_PROTOCOL_UNSUPPORTED_CONFIGS and CLASSIC_PROTOCOL_UNSUPPORTED_CONFIGS, docs/kafka-semantics.md
 * §24): inherited from the shared part a warning, written by the variant itself an error.
 */
class RefusedConfigsTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    /** A file comparing protocols whose shared config sets {@code key: value}. */
    private static String shared(String key, String value) {
        return """
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers:
                  count: 3
                  config: {%s: %s}
                variants:
                  - name: classic
                  - name: kip848
                    consumers: {config: {group.protocol: consumer}}
                """.formatted(key, value);
    }

    private List<String> warnings(String yaml) throws ScenarioException {
        return files.load(yaml).warnings(null).stream().map(warning -> warning.path() + ": " + warning.message())
                .toList();
    }

    private static String refusedUnderConsumer(String key, String instead) {
        return "consumers.config." + key + ": variant kip848 inherits it; Kafka's consumer refuses " + key
                + " under group.protocol consumer (ConfigException: " + key + " cannot be set when "
                + "group.protocol=CONSUMER); this run ignores it: " + instead;
    }

    @Test
    void aSharedSessionTimeoutIsAWarningForTheConsumerVariantOnly() throws Exception {
        assertEquals(List.of(refusedUnderConsumer("session.timeout.ms",
                "the broker's group.consumer.session.timeout.ms is in force")),
                warnings(shared("session.timeout.ms", "10000")));
    }

    @Test
    void aSharedHeartbeatIntervalIsAWarning() throws Exception {
        assertEquals(List.of(refusedUnderConsumer("heartbeat.interval.ms",
                "the broker's group.consumer.heartbeat.interval.ms is in force")),
                warnings(shared("heartbeat.interval.ms", "1000")));
    }

    @Test
    void aSharedAssignmentStrategyIsAWarning() throws Exception {
        assertEquals(List.of(refusedUnderConsumer("partition.assignment.strategy",
                "the broker assigns (group.remote.assignor, else the first of group.consumer.assignors)")),
                warnings(shared("partition.assignment.strategy", "cooperative-sticky")));
    }

    @Test
    void aSharedRemoteAssignorIsAWarningForTheClassicVariantOnly() throws Exception {
        assertEquals(List.of("consumers.config.group.remote.assignor: variant classic inherits it; Kafka's consumer "
                + "refuses group.remote.assignor under group.protocol classic (ConfigException: group.remote.assignor "
                + "cannot be set when group.protocol=CLASSIC); this run ignores it: the leader assigns with "
                + "partition.assignment.strategy"), warnings(shared("group.remote.assignor", "range")));
    }

    @Test
    void theDefaultsAndTheOtherProtocolsSettingsWarnOfNothing() throws Exception {
        assertEquals(List.of(), warnings(shared("max.poll.records", "100")));
    }

    @Test
    void aPodOverrideIsCheckedToo() throws Exception {
        String yaml = shared("max.poll.records", "100").replace("  count: 3\n",
                "  count: 3\n  overrides: {c2: {heartbeat.interval.ms: 500}}\n");
        assertEquals(List.of("consumers.overrides.c2.heartbeat.interval.ms: variant kip848 inherits it; Kafka's "
                + "consumer refuses heartbeat.interval.ms under group.protocol consumer (ConfigException: "
                + "heartbeat.interval.ms cannot be set when group.protocol=CONSUMER); this run ignores it: the "
                + "broker's group.consumer.heartbeat.interval.ms is in force"), warnings(yaml));
    }

    @Test
    void aVariantThatWritesTheRefusedConfigItselfIsAnError() {
        String yaml = shared("max.poll.records", "100").replace("{group.protocol: consumer}",
                "{group.protocol: consumer, session.timeout.ms: 10000}");
        assertEquals(List.of("variants[1](kip848).consumers.config.session.timeout.ms: Kafka's consumer refuses "
                + "session.timeout.ms under group.protocol consumer (ConfigException: session.timeout.ms cannot be "
                + "set when group.protocol=CONSUMER); the broker's group.consumer.session.timeout.ms is in force: "
                + "remove it, or move it to a config only the classic variants use"), files.problems(yaml));
    }

    @Test
    void aFileWithoutVariantsAsksForWhatKafkaRefuses() {
        assertEquals(List.of("consumers.config.group.remote.assignor: Kafka's consumer refuses group.remote.assignor "
                + "under group.protocol classic (ConfigException: group.remote.assignor cannot be set when "
                + "group.protocol=CLASSIC); the leader assigns with partition.assignment.strategy: remove it, or "
                + "move it to a config only the consumer variants use"), files.problems(ScenarioFiles.MINIMAL.replace(
                "consumers: {count: 3}", "consumers: {count: 3, config: {group.remote.assignor: uniform}}")));
    }
}
