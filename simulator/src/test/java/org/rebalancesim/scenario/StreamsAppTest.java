package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * consumers.app: streams: a pod group that runs a Kafka Streams application, with StreamsConfig's names and
 * Kafka Streams 4.4.0's defaults, and what Streams fixes itself (docs/kafka-semantics.md §19).
 */
class StreamsAppTest {

    @TempDir
    java.nio.file.Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String streams(String config, String topology) {
        return """
                duration: 10m
                group: {id: orders-app}
                topics: [{name: orders, partitions: 6, rate: 10/s}, {name: payments, partitions: 3, rate: 5/s}]
                consumers:
                  count: 3
                  app: streams
                  config: %s
                  topology: %s
                """.formatted(config, topology);
    }

    private static final String ONE_STATEFUL = "{subtopologies: [{source: [orders], stateful: true}]}";

    /** The first problem of a one-stateful-sub-topology application with these consumers.config entries. */
    private String firstProblem(String config) {
        return files.problems(streams(config, ONE_STATEFUL)).get(0);
    }

    @Test
    void aStreamsInstanceGetsStreamsDefaultsAndItsOwnConsumerOverrides() throws Exception {
        ConsumersSpec consumers = files.onlyVariant(streams("{}", ONE_STATEFUL)).consumers();
        StreamsApp app = consumers.streams();
        assertEquals(0, app.numStandbyReplicas());
        assertEquals(10_000, app.acceptableRecoveryLag());
        assertEquals(2, app.maxWarmupReplicas());
        assertEquals(600_000, app.probingRebalanceIntervalMs());
        assertEquals(30_000, app.commitIntervalMs());
        assertFalse(app.exactlyOnce());
        assertFalse(app.leaveGroupOnClose(), "KafkaStreams#close() stays in a classic group by default");
        assertEquals(600_000, app.stateCleanupDelayMs());
        // StreamsConfig's consumer overrides: max.poll.records 1000, no auto-commit, its own assignor.
        assertEquals(1000, consumers.config().maxPollRecords());
        assertFalse(consumers.config().enableAutoCommit());
        assertEquals(List.of("stream"), consumers.config().partitionAssignmentStrategy());
        // Streams overrides neither the session timeout nor max.poll.interval.ms.
        assertEquals(45_000, consumers.config().sessionTimeoutMs());
        assertEquals(300_000, consumers.config().maxPollIntervalMs());
        assertEquals(List.of("orders"), consumers.subscribe(), "the topology's source topics");
    }

    @Test
    void exactlyOnceCommitsEvery100MsUnlessTold() throws Exception {
        assertEquals(100, files.onlyVariant(streams("{processing.guarantee: exactly_once_v2}", ONE_STATEFUL))
                .consumers().streams().commitIntervalMs());
        assertEquals(5_000, files.onlyVariant(streams("{processing.guarantee: exactly_once_v2, "
                + "commit.interval.ms: 5s}", ONE_STATEFUL)).consumers().streams().commitIntervalMs());
    }

    @Test
    void theTopologyNamesItsSubtopologiesStateAndVolume() throws Exception {
        TopologySpec topology = files.onlyVariant(streams("{}", "{subtopologies: [{source: [orders], stateful: true,"
                + " changelog: {records: 5000, perRecord: 0.5}}, {source: payments}], restoreRate: 2000/s,"
                + " stateDirectory: ephemeral}")).consumers().streams().topology();
        assertEquals(2, topology.subtopologies().size());
        assertEquals(5000, topology.subtopologies().get(0).changelogRecords());
        assertEquals(0.5, topology.subtopologies().get(0).changelogPerRecord());
        assertFalse(topology.subtopologies().get(1).stateful());
        assertEquals(2000, topology.restoreRecordsPerSec());
        assertFalse(topology.persistentState());
        assertEquals(List.of("orders", "payments"), topology.sourceTopics());
        assertEquals(Distributions.NO_TIME, topology.assignWork(), "no assign work unless the file says");
        assertEquals(Distributions.NO_TIME, topology.restoreStartWork(), "restores at once unless the file says");
        assertEquals(Distributions.NO_TIME, topology.pollLateness(), "polls of exactly poll.ms unless the file says");
    }

    /**
     * The timings of Kafka Streams' own steps the topology carries (the leader's assign work, the state updater's
     * start of a restoration, a poll's lateness) are duration distributions; a bad one is refused with its YAML path.
     */
    @ParameterizedTest
    @ValueSource(strings = {"assignWork", "restoreStartWork", "pollLateness"})
    void theTopologysStepTimingsAreDurationDistributions(String key) throws Exception {
        TopologySpec topology = files.onlyVariant(streams("{}", "{subtopologies: [{source: [orders]}], "
                + key + ": {lognormal: {median: 0.7ms, p99: 6ms}}}")).consumers().streams().topology();
        Map<String, Distribution> timings = Map.of("assignWork", topology.assignWork(),
                "restoreStartWork", topology.restoreStartWork(), "pollLateness", topology.pollLateness());
        timings.forEach((name, timing) -> assertEquals(name.equals(key) ? "lognormal(median 0.7ms, p99 6ms)"
                : Distributions.NO_TIME.describe(), timing.describe(), name));
        assertTrue(files.problems(streams("{}", "{subtopologies: [{source: [orders]}], " + key + ": -1ms}")).get(0)
                .startsWith("consumers.topology." + key + ": "));
    }

    @Test
    void closeOptionsLeaveGroupSendsALeaveGroup() throws Exception {
        String yaml = streams("{}", ONE_STATEFUL) + "  closeOptions: {groupMembershipOperation: LEAVE_GROUP}\n";
        assertTrue(files.onlyVariant(yaml).consumers().streams().leaveGroupOnClose());
    }

    @Test
    void plainConsumersHaveNoStreamsApplication() throws Exception {
        assertNull(files.onlyVariant(ScenarioFiles.MINIMAL).consumers().streams());
    }

    @Test
    void whatStreamsSetsItselfOrRefusesIsRefusedWithTheReason() {
        assertTrue(firstProblem("{enable.auto.commit: true}")
                .startsWith("consumers.config.enable.auto.commit: Kafka Streams sets enable.auto.commit itself"));
        assertTrue(firstProblem("{partition.assignment.strategy: range}")
                .startsWith("consumers.config.partition.assignment.strategy: Kafka Streams sets"));
        assertTrue(firstProblem("{probing.rebalance.interval.ms: 30s}")
                .startsWith("consumers.config.probing.rebalance.interval.ms: must be at least 1m"));
        assertTrue(firstProblem("{max.warmup.replicas: 0}")
                .startsWith("consumers.config.max.warmup.replicas: must be between 1 and"));
        assertTrue(firstProblem("{processing.guarantee: exactly_once}")
                .contains("expected at_least_once or exactly_once_v2"));
        assertTrue(firstProblem("{group.protocol: consumer}")
                .contains("Kafka Streams' group.protocol is classic or streams"));
    }

    @Test
    void aMistypedStreamsKeyIsToldWithTheNearestKnownKey() {
        assertEquals(List.of("consumers.config.num.standby.replica: unknown key 'num.standby.replica'; did you mean "
                + "'num.standby.replicas'?"), files.problems(streams("{num.standby.replica: 1}", ONE_STATEFUL)));
    }

    /** KIP-1071 streams groups (docs/kafka-semantics.md §27): the main consumer then speaks the streams protocol. */
    @Test
    void groupProtocolStreamsIsAcceptedAndAnyOtherThanClassicOrStreamsRefused() throws Exception {
        ConsumersSpec consumers = files.onlyVariant(streams("{group.protocol: streams}", ONE_STATEFUL)).consumers();
        assertTrue(consumers.streams().streamsProtocol());
        assertEquals(GroupProtocolName.STREAMS, consumers.config().groupProtocol());
        ConsumersSpec classic = files.onlyVariant(streams("{}", ONE_STATEFUL)).consumers();
        assertFalse(classic.streams().streamsProtocol());
        assertEquals(GroupProtocolName.CLASSIC, classic.config().groupProtocol());
        assertEquals(List.of("consumers.config.group.protocol: Kafka Streams' group.protocol is classic or streams "
                + "(StreamsConfig), got 'consumer'"), files.problems(streams("{group.protocol: consumer}",
                ONE_STATEFUL)));
    }

    @Test
    void streamThreadsAreBoundedByTheModel() {
        assertTrue(firstProblem("{num.stream.threads: 65}").startsWith("consumers.config.num.stream.threads: "),
                () -> firstProblem("{num.stream.threads: 65}"));
        assertTrue(firstProblem("{num.stream.threads: 0}").startsWith("consumers.config.num.stream.threads: "));
    }

    @Test
    void aTopicReadByTwoSubtopologiesIsATopologyException() {
        List<String> problems = files.problems(streams("{}", "{subtopologies: [{source: [orders]}, "
                + "{source: [payments, orders]}]}"));
        assertEquals(List.of("consumers.topology.subtopologies[1].source: topic 'orders' is already the source of "
                + "sub-topology 0: Kafka Streams refuses a topic registered by two sources (TopologyException); read "
                + "it in one sub-topology"), problems);
    }

    @Test
    void streamsKeysNeedAppStreamsAndAStreamsAppNeedsATopology() {
        String plain = ScenarioFiles.MINIMAL.replace("consumers: {count: 3}",
                "consumers: {count: 3, config: {num.standby.replicas: 1}, closeOptions: {groupMembershipOperation: "
                        + "LEAVE_GROUP}}");
        List<String> problems = files.problems(plain);
        assertTrue(problems.contains("consumers.closeOptions: describes a Kafka Streams application: add app: "
                + "streams, or remove closeOptions"), problems.toString());
        assertTrue(problems.contains("consumers.config.num.standby.replicas: num.standby.replicas is a Kafka Streams "
                + "config: add app: streams, or remove it"), problems.toString());
        String noTopology = ScenarioFiles.MINIMAL.replace("consumers: {count: 3}",
                "consumers: {count: 3, app: streams}");
        assertTrue(files.problems(noTopology).get(0).startsWith("consumers.topology: a Streams application needs its "
                + "topology"));
        assertTrue(files.problems(streams("{}", "{subtopologies: [{source: [orders], changelog: {records: 1}}]}"))
                .get(0).contains("only a stateful sub-topology has a changelog"));
        assertTrue(files.problems(streams("{}", "{subtopologies: [{source: [orders]}], restoreRate: 0}")).get(0)
                .startsWith("consumers.topology.restoreRate: must be above 0/s"));
    }

    /**
     * task.assignor.class (KIP-924, docs/kafka-semantics.md §26): unset is Kafka's HighAvailabilityTaskAssignor; a
     * class name is kept (the CLI loads it before the run), under group.protocol streams too, where Kafka does not
     * read it; no class name, or a typo in Kafka Streams' assignor package, is a problem at load.
     */
    @Test
    void taskAssignorClassIsAClassNameCheckedAgainstKafkaStreamsOwn() throws Exception {
        String sticky = "org.apache.kafka.streams.processor.assignment.assignors.StickyTaskAssignor";
        assertNull(files.onlyVariant(streams("{}", ONE_STATEFUL)).consumers().streams().taskAssignorClass());
        assertEquals(sticky, files.onlyVariant(streams("{task.assignor.class: " + sticky + "}", ONE_STATEFUL))
                .consumers().streams().taskAssignorClass());
        assertEquals("com.example.MyTaskAssignor", files.onlyVariant(streams("{group.protocol: streams, "
                + "task.assignor.class: com.example.MyTaskAssignor}", ONE_STATEFUL)).consumers().streams()
                .taskAssignorClass());
        assertTrue(firstProblem("{task.assignor.class: sticky}").startsWith("consumers.config.task.assignor.class: "
                + "'sticky' is not a Java class name"));
        assertTrue(firstProblem("{task.assignor.class: org.apache.kafka.streams.processor.assignment.assignors."
                + "StickyAssignor}").startsWith("consumers.config.task.assignor.class: 'org.apache.kafka.streams."
                + "processor.assignment.assignors.StickyAssignor' is not one of Kafka Streams' task assignors"));
        String plainConsumers = ScenarioFiles.MINIMAL.replace("consumers: {count: 3}",
                "consumers: {count: 3, config: {task.assignor.class: " + sticky + "}}");
        assertTrue(files.problems(plainConsumers).get(0).startsWith("consumers.config.task.assignor.class: "
                + "task.assignor.class is a Kafka Streams config: add app: streams"),
                files.problems(plainConsumers)::toString);
    }
}
