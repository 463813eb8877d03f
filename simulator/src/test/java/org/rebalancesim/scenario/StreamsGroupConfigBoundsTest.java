package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rebalancesim.cli.Main;

/**
 * The bounds of {@code cluster.config.group.streams.*}, each as Kafka 4.4.0's broker applies it at start-up: the
 * ConfigDef validators (ConfigDef.Range.atLeast, Type.INT) in GroupCoordinatorConfig's CONFIG_DEF and the
 * Utils.require checks of GroupCoordinatorConfig.verifyStreamsGroupConfigs(), with the default min/max bounds
 * (GroupCoordinatorConfig.STREAMS_GROUP_*_DEFAULT constants, read with javap from kafka-group-coordinator-4.4.0).
 */
class StreamsGroupConfigBoundsTest {

    private static final String HEARTBEAT = "group.streams.heartbeat.interval.ms";
    private static final String SESSION = "group.streams.session.timeout.ms";
    private static final String STANDBYS = "group.streams.num.standby.replicas";
    private static final String DELAY = "group.streams.initial.rebalance.delay.ms";
    private static final String INTERVAL = "group.streams.assignment.interval.ms";

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String withBrokerConfig(String config) {
        return ScenarioFiles.MINIMAL + "cluster: {config: {" + config + "}}\n";
    }

    /** A refused value: the config written, the key blamed and a part of the message giving the allowed range. */
    static Stream<Arguments> refused() {
        return Stream.of(
                // STREAMS_GROUP_MIN_HEARTBEAT_INTERVAL_MS_DEFAULT 5000, STREAMS_GROUP_MAX_HEARTBEAT_INTERVAL_MS_DEFAULT
                // 15000; require(heartbeat >= min), require(heartbeat <= max)
                Arguments.of(HEARTBEAT + ": 4999", HEARTBEAT, "(4999) must lie within 5000 and 15000"),
                Arguments.of(HEARTBEAT + ": 15001", HEARTBEAT, "(15001) must lie within 5000 and 15000"),
                // STREAMS_GROUP_MIN_SESSION_TIMEOUT_MS_DEFAULT 45000, STREAMS_GROUP_MAX_SESSION_TIMEOUT_MS_DEFAULT
                // 60000; require(session >= min), require(session <= max)
                Arguments.of(SESSION + ": 44999", SESSION, "(44999) must lie within 45000 and 60000"),
                Arguments.of(SESSION + ": 60001", SESSION, "(60001) must lie within 45000 and 60000"),
                // require(heartbeat < session, "%s must be less than %s"): with the default bounds a heartbeat
                // interval >= the session timeout is always outside 5000..15000 too, and Kafka checks that first
                Arguments.of(HEARTBEAT + ": 45000, " + SESSION + ": 45000", HEARTBEAT,
                        "(45000) must lie within 5000 and 15000"),
                // Range.atLeast(0) and require(num.standby.replicas <= STREAMS_GROUP_MAX_STANDBY_REPLICAS_DEFAULT 2)
                Arguments.of(STANDBYS + ": 3", STANDBYS, "must be between 0 and 2, got 3"),
                Arguments.of(STANDBYS + ": -1", STANDBYS, "must be between 0 and 2, got -1"),
                // Range.atLeast(0), Type.INT
                Arguments.of(DELAY + ": -1", DELAY, "must not be negative, got -1"),
                Arguments.of(DELAY + ": 2147483648", DELAY, "must be at most 2147483647 (Kafka reads " + DELAY
                        + " as an int), got 2147483648"),
                // Range.atLeast(0); STREAMS_GROUP_MIN_ASSIGNMENT_INTERVAL_MS_DEFAULT 0,
                // STREAMS_GROUP_MAX_ASSIGNMENT_INTERVAL_MS_DEFAULT 15000; require(interval <= max)
                Arguments.of(INTERVAL + ": -1", INTERVAL, "must not be negative, got -1"),
                Arguments.of(INTERVAL + ": 15001", INTERVAL, "(15001) must lie within 0 and 15000"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void aValueKafkaRefusesIsRefusedWithItsPathAndRange(String config, String key, String range) {
        List<String> problems = files.problems(withBrokerConfig(config));
        assertEquals(1, problems.size(), problems::toString);
        String problem = problems.get(0);
        assertTrue(problem.startsWith("cluster.config." + key + ": "), problem);
        assertTrue(problem.contains(range), problem);
    }

    /** A boundary value Kafka accepts: the config written, the setting read back and its value. */
    static Stream<Arguments> accepted() {
        ToLongFunction<StreamsGroupSpec> heartbeat = StreamsGroupSpec::heartbeatIntervalMs;
        ToLongFunction<StreamsGroupSpec> session = StreamsGroupSpec::sessionTimeoutMs;
        ToLongFunction<StreamsGroupSpec> standbys = StreamsGroupSpec::numStandbyReplicas;
        ToLongFunction<StreamsGroupSpec> delay = StreamsGroupSpec::initialRebalanceDelayMs;
        ToLongFunction<StreamsGroupSpec> interval = StreamsGroupSpec::assignmentIntervalMs;
        return Stream.of(
                // the STREAMS_GROUP_*_DEFAULT values: 5000, 45000, 0, 3000, 1000
                Arguments.of("", heartbeat, 5_000L), Arguments.of("", session, 45_000L),
                Arguments.of("", standbys, 0L), Arguments.of("", delay, 3_000L), Arguments.of("", interval, 1_000L),
                Arguments.of(HEARTBEAT + ": 5000", heartbeat, 5_000L),
                Arguments.of(HEARTBEAT + ": 15000", heartbeat, 15_000L),
                Arguments.of(SESSION + ": 45000", session, 45_000L),
                Arguments.of(SESSION + ": 60000", session, 60_000L),
                Arguments.of(STANDBYS + ": 2", standbys, 2L),
                Arguments.of(DELAY + ": 0", delay, 0L),
                Arguments.of(DELAY + ": 2147483647", delay, 2_147_483_647L),
                Arguments.of(INTERVAL + ": 0", interval, 0L),
                Arguments.of(INTERVAL + ": 15000", interval, 15_000L));
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("accepted")
    void aBoundaryValueKafkaAcceptsIsAccepted(String config, ToLongFunction<StreamsGroupSpec> setting,
                                              long expected) throws Exception {
        StreamsGroupSpec spec = files.onlyVariant(withBrokerConfig(config)).cluster().streamsGroup();
        assertEquals(expected, setting.applyAsLong(spec));
    }

    @Test
    void theCliNamesTheFileThePathAndTheRangeAndExitsWith2() {
        Path file = files.write("interval.yaml", withBrokerConfig(INTERVAL + ": 20000"));
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "validate",
                file.toString());
        String text = err.toString();
        assertEquals(2, code, text);
        assertTrue(text.contains("interval.yaml") && text.contains("cluster.config." + INTERVAL)
                && text.contains("0 and 15000") && text.contains("change the value"), text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
    }
}
