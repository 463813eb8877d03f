package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code created: false} and {@code createTopic}: a topic may be declared and created later on the timeline,
 * and an operation on it before it exists is refused with its path and the fix.
 */
class CreateTopicTest {

    private static final String TWO_TOPICS = """
            duration: 10m
            group: {id: demo}
            topics:
              - {name: orders, partitions: 6, rate: 10/s}
              - {name: orders-eu, partitions: 4, rate: 5/s, created: false}
            consumers: {count: 2, subscribe: orders}
            timeline:
            """;

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void readsATopicCreatedLater() throws Exception {
        Variant variant = files.onlyVariant(TWO_TOPICS + """
                  - {at: 1m, createTopic: {topic: orders-eu}}
                  - {at: 2m, addPartitions: {topic: orders-eu, count: 8}}
                  - {at: 3m, slowRecord: {partition: orders-eu-7, duration: 1s}}
                """);
        assertTrue(variant.topics().get(0).createdAtStart());
        assertFalse(variant.topics().get(1).createdAtStart());
        assertEquals(new Operation.CreateTopic("orders-eu"), variant.timeline().get(0).operation());
    }

    @Test
    void refusesOperationsOnATopicBeforeItExistsAndCreatingOneTwice() {
        assertEquals(List.of(
                "topics[2].created: expected true or false, got 'later'",
                "timeline[0].addPartitions.topic: topic 'orders-eu' does not exist at that time (it is declared with "
                        + "created: false): add a createTopic: {topic: orders-eu} entry before this one",
                "timeline[1].slowRecord.partition: topic 'orders-eu' does not exist at that time (it is declared with "
                        + "created: false): add a createTopic: {topic: orders-eu} entry before this one",
                "timeline[2].createTopic.topic: topic 'orders' already exists at that time: declare it with created: "
                        + "false under topics: to create it on the timeline, and create it once",
                "timeline[4].createTopic.topic: topic 'orders-eu' already exists at that time: declare it with "
                        + "created: false under topics: to create it on the timeline, and create it once"),
                files.problems(TWO_TOPICS.replace("created: false}", "created: false}\n  - {name: x, partitions: 1,"
                        + " created: later}") + """
                          - {at: 1m, addPartitions: {topic: orders-eu, count: 8}}
                          - {at: 2m, slowRecord: {partition: orders-eu-1, duration: 1s}}
                          - {at: 3m, createTopic: {topic: orders}}
                          - {at: 4m, createTopic: {topic: orders-eu}}
                          - {at: 5m, createTopic: {topic: orders-eu}}
                        """));
    }
}
