package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Problems in the configuration sections, each with its YAML path, the bad value and the rule. */
class ConfigErrorsTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private String withConsumerConfig(String config) {
        return """
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6}]
                consumers:
                  count: 3
                  config: %s
                """.formatted(config);
    }

    @Test
    void suggestsTheClosestKeyForATypo() {
        assertEquals(List.of("consumers.config.sesion.timeout.ms: unknown key 'sesion.timeout.ms'; "
                        + "did you mean 'session.timeout.ms'?"),
                files.problems(withConsumerConfig("{sesion.timeout.ms: 10000}")));
    }

    @Test
    void listsTheKnownKeysWhenNothingIsClose() {
        List<String> problems = files.problems(ScenarioFiles.MINIMAL + "flavour: vanilla\n");
        assertEquals(List.of("flavour: unknown key 'flavour'; known keys: name, description, seed, duration, "
                + "measure, cluster, group, topics, consumers, timeline, faults, variants, expect, tolerance"), problems);
    }

    @Test
    void namesTheExpectedTypeAndTheValueGiven() {
        assertEquals(List.of("consumers.config.heartbeat.interval.ms: expected a duration like 250ms, 10s, 15m or 2h "
                        + "(a plain number means ms), got a list [1, 2]"),
                files.problems(withConsumerConfig("{heartbeat.interval.ms: [1, 2]}")));
        assertEquals(List.of("consumers.config.max.poll.records: expected a whole number, got 'abc'"),
                files.problems(withConsumerConfig("{max.poll.records: abc}")));
        assertEquals(List.of("consumers.config.enable.auto.commit: expected true or false, got 'sometimes'"),
                files.problems(withConsumerConfig("{enable.auto.commit: sometimes}")));
    }

    @Test
    void refusesNegativeZeroFractionalAndOverflowingNumbers() {
        assertEquals(List.of("consumers.config.retry.backoff.ms: must not be negative, got -5"),
                files.problems(withConsumerConfig("{retry.backoff.ms: -5}")));
        assertEquals(List.of("consumers.config.max.poll.interval.ms: must be at least 1ms, got 0"),
                files.problems(withConsumerConfig("{max.poll.interval.ms: 0}")));
        assertEquals(List.of("consumers.config.max.poll.records: must be between 1 and 2147483647, "
                        + "got 99999999999"),
                files.problems(withConsumerConfig("{max.poll.records: 99999999999}")));
        assertEquals(List.of("consumers.config.max.poll.interval.ms: must be at most 2147483647 "
                        + "(Kafka reads max.poll.interval.ms as an int), got 2592000000"),
                files.problems(withConsumerConfig("{max.poll.interval.ms: 30d}")));
        assertEquals(List.of("topics[0].partitions: expected a whole number, got 1.5"),
                files.problems(ScenarioFiles.MINIMAL.replace("partitions: 6", "partitions: 1.5")));
        assertEquals(List.of("seed: must fit in a signed 64-bit integer (-9223372036854775808 to "
                        + "9223372036854775807), got 99999999999999999999"),
                files.problems(ScenarioFiles.MINIMAL + "seed: 99999999999999999999\n"));
    }

    @Test
    void heartbeatMustBeLowerThanTheSessionTimeout() {
        List<String> problems = files.problems(withConsumerConfig(
                "{session.timeout.ms: 10000, heartbeat.interval.ms: 10s}"));
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("consumers.config.heartbeat.interval.ms: heartbeat.interval.ms (10000) "
                + "must be lower than session.timeout.ms (10000): Kafka's consumer refuses to start otherwise"),
                problems.get(0));
    }

    @Test
    void sessionTimeoutMustBeWithinTheBrokerBounds() {
        List<String> below = files.problems(
                withConsumerConfig("{session.timeout.ms: 5000, heartbeat.interval.ms: 1000}"));
        assertEquals(List.of("consumers.config.session.timeout.ms: session.timeout.ms (5000) is below the broker's "
                + "group.min.session.timeout.ms (6000): Kafka answers the JoinGroup with INVALID_SESSION_TIMEOUT and "
                + "the consumer never joins; raise session.timeout.ms to at least 6000 or lower "
                + "cluster.config.group.min.session.timeout.ms"), below);

        List<String> above = files.problems(withConsumerConfig("{session.timeout.ms: 1h}"));
        assertEquals(1, above.size());
        assertTrue(above.get(0).contains("is above the broker's group.max.session.timeout.ms (1800000)"));
        assertTrue(above.get(0).contains("INVALID_SESSION_TIMEOUT"));
    }

    @Test
    void aLowerBrokerMinimumMakesAShortSessionValid() throws Exception {
        Variant variant = files.onlyVariant(withConsumerConfig("{session.timeout.ms: 2s, heartbeat.interval.ms: 500}")
                + "cluster: {config: {group.min.session.timeout.ms: 1000}}\n");
        assertEquals(2000, variant.consumers().config().sessionTimeoutMs());
        assertEquals(1000, variant.cluster().groupMinSessionTimeoutMs());
    }

    @Test
    void suggestsTheClosestAssignorName() {
        assertEquals(List.of("consumers.config.partition.assignment.strategy: unknown assignor 'rnage'; "
                        + "did you mean 'range'?"),
                files.problems(withConsumerConfig("{partition.assignment.strategy: rnage}")));
    }

    @Test
    void checksTheConsumerProtocolsSettingsAsTheBrokerDoes() throws Exception {
        // KIP-848: the broker owns the heartbeat interval and the session timeout, within its bounds.
        Variant variant = files.onlyVariant(withConsumerConfig("{group.protocol: consumer, group.remote.assignor: range}"));
        assertEquals(GroupProtocolName.CONSUMER, variant.consumers().config().groupProtocol());
        assertEquals("range", variant.consumers().config().groupRemoteAssignor());
        assertEquals(ConsumerGroupSpec.defaults(), variant.cluster().consumerGroup());
        assertEquals(List.of("consumers.config.group.remote.assignor: the broker offers no server assignor 'sticky' "
                        + "(its group.consumer.assignors are [uniform, range]); Kafka answers UNSUPPORTED_ASSIGNOR"),
                files.problems(withConsumerConfig("{group.protocol: consumer, group.remote.assignor: sticky}")));
        List<String> bounds = files.problems(withConsumerConfig("{group.protocol: consumer}")
                + "cluster: {config: {group.consumer.session.timeout.ms: 10s}}\n");
        assertTrue(bounds.get(0).startsWith("cluster.config.group.consumer.session.timeout.ms: "
                + "group.consumer.session.timeout.ms (10000) must lie within group.consumer.min.session.timeout.ms "
                + "(45000)"), bounds.get(0));
        Variant lowered = files.onlyVariant(withConsumerConfig("{group.protocol: consumer}") + "cluster: {config: "
                + "{group.consumer.session.timeout.ms: 6s, group.consumer.min.session.timeout.ms: 6s, "
                + "group.consumer.heartbeat.interval.ms: 2s, group.consumer.min.heartbeat.interval.ms: 1s}}\n");
        assertEquals(6000, lowered.cluster().consumerGroup().sessionTimeoutMs());
        assertEquals(2000, lowered.cluster().consumerGroup().heartbeatIntervalMs());
        // GroupCoordinatorConfig#verifyConsumerGroupConfigs: the assignment interval within its min (0) and max (15000).
        assertEquals(List.of("cluster.config.group.consumer.assignment.interval.ms: group.consumer.assignment.interval.ms"
                + " (15001) must lie within group.consumer.min.assignment.interval.ms (0) and "
                + "group.consumer.max.assignment.interval.ms (15000), as the broker checks; change the value or those "
                + "bounds"), files.problems(withConsumerConfig("{group.protocol: consumer}")
                + "cluster: {config: {group.consumer.assignment.interval.ms: 15001}}\n"));
        assertEquals(20000, files.onlyVariant(withConsumerConfig("{group.protocol: consumer}") + "cluster: {config: "
                + "{group.consumer.assignment.interval.ms: 20s, group.consumer.max.assignment.interval.ms: 20s}}\n")
                .cluster().consumerGroup().assignmentIntervalMs());
        // group.initial.rebalance.delay.ms is an int config (Type.INT in GroupCoordinatorConfig).
        assertEquals(List.of("cluster.config.group.initial.rebalance.delay.ms: must be at most 2147483647 (Kafka reads "
                + "group.initial.rebalance.delay.ms as an int), got 2147483648"),
                files.problems(withConsumerConfig("{}") + "cluster: {config: {group.initial.rebalance.delay.ms: "
                        + "2147483648}}\n"));
    }

    @Test
    void acceptsClassNamesOfUsersAssignorsAndRefusesWhatCannotBeOne() throws Exception {
        // Whether the class loads depends on --classpath, so the CLI checks that, not the loader.
        assertEquals(List.of("range", "com.acme.Mine", "com.acme.Outer$Inner"), files.onlyVariant(withConsumerConfig(
                "{partition.assignment.strategy: [org.apache.kafka.clients.consumer.RangeAssignor, com.acme.Mine, "
                        + "com.acme.Outer$Inner]}")).consumers().config().partitionAssignmentStrategy());
        String path = "consumers.config.partition.assignment.strategy: ";
        assertEquals(List.of(path + "'com..Mine' is not a Java class name (such as com.example.MyAssignor)"),
                files.problems(withConsumerConfig("{partition.assignment.strategy: com..Mine}")));
        assertEquals(List.of(path + "'org.apache.kafka.clients.consumer.StickyAsignor' is not one of Kafka's assignors; "
                        + "did you mean 'org.apache.kafka.clients.consumer.StickyAssignor'?"),
                files.problems(withConsumerConfig(
                        "{partition.assignment.strategy: org.apache.kafka.clients.consumer.StickyAsignor}")));
        assertEquals(List.of(path + "'com.acme.Mine' is listed twice"),
                files.problems(withConsumerConfig("{partition.assignment.strategy: [com.acme.Mine, com.acme.Mine]}")));
        assertEquals(List.of(path + "unknown assignor 'mine'; known assignors: range, roundrobin, sticky, "
                        + "cooperative-sticky, or the class name of your own (such as com.example.MyAssignor) with its "
                        + "jar given by --classpath"),
                files.problems(withConsumerConfig("{partition.assignment.strategy: mine}")));
    }

    @Test
    void checksClusterTopicsAndConsumerCounts() {
        List<String> problems = files.problems("""
                duration: 10m
                cluster: {brokers: 0, config: {group.min.session.timeout.ms: 10m, group.max.session.timeout.ms: 1m}}
                group: {id: demo}
                topics: [{name: "bad topic", partitions: 2000000}, {name: ok, partitions: 1}, {name: ok, partitions: 1}]
                consumers: {count: 100001}
                """);
        assertEquals(List.of(
                "cluster.brokers: must be between 1 and 10000, got 0",
                "cluster.config.group.min.session.timeout.ms: group.min.session.timeout.ms (600000) must not be "
                        + "greater than group.max.session.timeout.ms (60000), else no session timeout is acceptable "
                        + "to the broker",
                "topics[0].name: topic name 'bad topic' contains characters Kafka does not allow; use only letters, "
                        + "digits, '.', '_' and '-'",
                "topics[0].partitions: must be between 1 and 1000000, got 2000000",
                "topics[2].name: topic 'ok' is declared twice",
                "consumers.count: must be between 0 and 100000, got 100001"), problems);
    }

    @Test
    void checksDurationMeasureAndRequiredSections() {
        assertEquals(List.of(
                "duration: required but missing; the simulated time of the run, e.g. duration: 30m",
                "group: required but missing; the consumer group, e.g. group: {id: my-app}",
                "topics: required but missing; the topics the group consumes, e.g. topics: "
                        + "[{name: orders, partitions: 6, rate: 50/s}]",
                "consumers: required but missing; the group's pods, e.g. consumers: {count: 3}"),
                files.problems("name: nothing-else\n"));
        assertEquals(List.of("duration: must be at most 30d (the longest duration the simulator accepts), got '31d'"),
                files.problems(ScenarioFiles.MINIMAL.replace("duration: 10m", "duration: 31d")));
        assertEquals(List.of("measure.from: measure.from (5m) must be before measure.to (4m), else nothing is "
                        + "measured"),
                files.problems(ScenarioFiles.MINIMAL + "measure: {from: 5m, to: 4m}\n"));
        assertEquals(List.of("measure.to: measure.to (11m) is after the end of the run (duration: 10m); shorten it "
                        + "or lengthen duration"),
                files.problems(ScenarioFiles.MINIMAL + "measure: {to: 11m}\n"));
        assertEquals(List.of("consumers: has both count and names; needs exactly one of count: N (pods c1..cN) or "
                        + "names: [a, b]"),
                files.problems(ScenarioFiles.MINIMAL.replace("{count: 3}", "{count: 3, names: [a]}")));
    }

    @Test
    void checksHowATopicsRecordsArrive() {
        assertEquals(List.of("topics[0].arrivals: expected together (every partition gets its next record at the"
                        + " same moment: the cheapest to simulate) or inTurn (record k of the topic goes to partition"
                        + " k mod n, as a round-robin producer writes them), got 'roundrobin'"),
                files.problems(ScenarioFiles.MINIMAL.replace("rate: 10/s}", "rate: 10/s, arrivals: roundrobin}")));
    }

    @Test
    void checksPodNamesAndTheSubscription() {
        assertEquals(List.of(
                "consumers.names[0]: pod name 'all' is reserved: consumer: all means every pod",
                "consumers.names[2]: pod 'a' already exists; every pod needs its own name (to bring a stopped pod "
                        + "back, use restart or crash with restartAfter)",
                "consumers.subscribe: unknown topic 'ordres'; did you mean 'orders'?"),
                files.problems(ScenarioFiles.MINIMAL.replace("{count: 3}",
                        "{names: [all, a, a], subscribe: [ordres]}")));
    }

    @Test
    void reportsEveryProblemOfAFileAtOnce() {
        List<String> problems = files.problems("""
                duration: -10m
                group: {id: demo}
                topics: [{name: orders, partitions: 0, rate: fast}]
                consumers:
                  count: 3
                  config: {sesion.timeout.ms: 10000, max.poll.records: abc}
                  processing: {lognormal: {median: 20ms, p99: 2ms}}
                """);
        assertEquals(List.of(
                "duration: must not be negative, got '-10m'",
                "topics[0].partitions: must be between 1 and 1000000, got 0",
                "topics[0].rate: expected a rate like 50/s or 3000/m (a plain number means per second), got 'fast'",
                "consumers.config.sesion.timeout.ms: unknown key 'sesion.timeout.ms'; did you mean "
                        + "'session.timeout.ms'?",
                "consumers.config.max.poll.records: expected a whole number, got 'abc'",
                "consumers.processing.lognormal.p99: p99 (2ms) must be greater than the median (20ms): a lognormal's "
                        + "99th percentile lies above its median"), problems);
    }

    @Test
    void aScenarioNameMustBeAPlainFileNameSinceReportsAndBaselinesAreNamedAfterIt() {
        String fix = "cannot name the report folder and the baseline file: no '/' or '\\', no control character, "
                + "not starting with '.', at most 100 characters; for example gc-pause-vs-session-timeout";
        assertEquals(List.of("name: '../elsewhere' " + fix),
                files.problems("name: ../elsewhere\n" + ScenarioFiles.MINIMAL));
        assertEquals(List.of("name: 'a/b' " + fix), files.problems("name: a/b\n" + ScenarioFiles.MINIMAL));
    }
}
