package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a protocol migration's scenario may say and what is refused: the broker's
 * group.consumer.migration.policy takes Kafka's four values (ConsumerGroupMigrationPolicy), and a restart's
 * {@code config:} is a pod's consumer config, checked as {@code consumers.config} is (docs/scenario-format.md).
 */
class MigrationInputTest {

    @TempDir
    java.nio.file.Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String scenario(String clusterConfig, String restart) {
        return """
                duration: 10m
                cluster: {brokers: 3, config: %s}
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers: {count: 3, config: {partition.assignment.strategy: [cooperative-sticky]}}
                timeline:
                  - at: 1m
                    rollingRestart: %s
                """.formatted(clusterConfig, restart);
    }

    @Test
    void thePolicyTakesKafkasFourValuesInAnyCase() throws Exception {
        for (String policy : List.of("bidirectional", "UPGRADE", "downgrade", "disabled")) {
            files.onlyVariant(scenario("{group.consumer.migration.policy: " + policy + "}",
                    "{interval: 30s, config: {group.protocol: consumer}}"));
        }
        List<String> problems = files.problems(scenario("{group.consumer.migration.policy: sideways}",
                "{interval: 30s}"));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("cluster.config.group.consumer.migration.policy: expected bidirectional, "
                + "upgrade, downgrade or disabled"), problems.get(0));
    }

    @Test
    void aRestartsConfigIsCheckedAsAPodsConfigWithItsPath() throws Exception {
        List<String> badProtocol = files.problems(scenario("{}", "{interval: 30s, config: {group.protocol: kip848}}"));
        assertTrue(badProtocol.get(0).startsWith("timeline[0].rollingRestart.config"), badProtocol.toString());
        List<String> badValue = files.problems(scenario("{}", "{interval: 30s, config: {max.poll.records: 0}}"));
        assertTrue(badValue.get(0).startsWith("timeline[0].rollingRestart.config"), badValue.toString());
        List<String> notAMap = files.problems(scenario("{}", "{interval: 30s, config: consumer}"));
        assertTrue(notAMap.get(0).contains("expected a map of consumer configs"), notAMap.toString());
    }

    @Test
    void aRolloutsConfigIsCheckedAsARestartsAndReachesThePodsTheDeploymentCreates() throws Exception {
        String rollout = """
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers: {count: 2, config: {partition.assignment.strategy: [cooperative-sticky]},
                            overrides: {c2: {max.poll.records: 100}}, workload: {kind: Deployment}}
                timeline:
                  - {at: 1m, rollout: %s}
                """;
        List<String> badProtocol = files.problems(rollout.formatted("{config: {group.protocol: kip848}}"));
        assertTrue(badProtocol.get(0).startsWith("timeline[0].rollout.config"), badProtocol.toString());
        List<String> notAMap = files.problems(rollout.formatted("{config: consumer}"));
        assertEquals(List.of("timeline[0].rollout.config: expected a map of consumer configs the pods' new processes "
                + "use from then on, e.g. config: {group.protocol: consumer}"), notAMap);
        Operation.Rollout upgrade = (Operation.Rollout) files.onlyVariant(
                rollout.formatted("{config: {group.protocol: consumer}}")).timeline().get(0).operation();
        // c2 keeps its override under the new template; a pod the Deployment creates later has none.
        assertEquals(100, upgrade.config().of("c2").maxPollRecords());
        assertEquals(GroupProtocolName.CONSUMER, upgrade.config().of("c2").groupProtocol());
        assertEquals(GroupProtocolName.CONSUMER, upgrade.config().of("c9").groupProtocol());
        assertEquals(500, upgrade.config().of("c9").maxPollRecords());
    }

    /** group.consumer.regex.refresh.interval.ms: an int config, at least 10000 (4.4.0 GroupCoordinatorConfig). */
    @Test
    void theRegexRefreshIntervalIsReadWithinKafkasBounds() throws Exception {
        String restart = "{interval: 30s}";
        assertEquals(600_000, files.onlyVariant(scenario("{}", restart)).cluster().consumerGroup()
                .regexRefreshIntervalMs());
        assertEquals(10_000, files.onlyVariant(scenario("{group.consumer.regex.refresh.interval.ms: 10s}", restart))
                .cluster().consumerGroup().regexRefreshIntervalMs());
        assertEquals(List.of("cluster.config.group.consumer.regex.refresh.interval.ms: "
                        + "group.consumer.regex.refresh.interval.ms (9999) must be at least 10000, as the broker checks "
                        + "(Range.atLeast); raise it to 10s or more"),
                files.problems(scenario("{group.consumer.regex.refresh.interval.ms: 9999}", restart)));
        List<String> tooLong = files.problems(scenario("{group.consumer.regex.refresh.interval.ms: 2147483648}", restart));
        assertTrue(tooLong.get(0).contains("must be at most 2147483647"), tooLong.toString());
    }
}
