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
 * {@code created: false}, {@code createTopic} and {@code deleteTopic}: a topic may be declared and created later
 * on the timeline, or deleted, once; an operation on it while it does not exist is refused with its path and the
 * fix, and a scenario does not create a deleted topic again (Kafka would give the new topic a new topic id).
 */
class TopicOperationsTest {

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

    @Test
    void readsATopicCreatedThenDeleted() throws Exception {
        Variant variant = files.onlyVariant(TWO_TOPICS + """
                  - {at: 1m, createTopic: {topic: orders-eu}}
                  - {at: 2m, deleteTopic: {topic: orders-eu}}
                  - {at: 3m, deleteTopic: {topic: orders}}
                """);
        assertEquals(new Operation.DeleteTopic("orders-eu"), variant.timeline().get(1).operation());
        assertEquals(new Operation.DeleteTopic("orders"), variant.timeline().get(2).operation());
    }

    @Test
    void refusesATopicThatDoesNotExistThenAndAnythingNamingADeletedOne() {
        assertEquals(List.of(
                "timeline[0].deleteTopic.topic: topic 'orders-eu' does not exist at that time (it is declared with "
                        + "created: false): add a createTopic: {topic: orders-eu} entry before this one",
                "timeline[1].deleteTopic.topic: unknown topic 'payments'; declared topics: orders, orders-eu",
                "timeline[3].deleteTopic.topic: topic 'orders' does not exist at that time: an earlier deleteTopic "
                        + "deleted it; move this entry before the deletion or remove it",
                "timeline[4].addPartitions.topic: topic 'orders' does not exist at that time: an earlier deleteTopic "
                        + "deleted it; move this entry before the deletion or remove it",
                "timeline[5].slowRecord.partition: topic 'orders' does not exist at that time: an earlier deleteTopic "
                        + "deleted it; move this entry before the deletion or remove it",
                "timeline[6].createTopic.topic: topic 'orders' was deleted by an earlier deleteTopic, and a scenario "
                        + "does not create a topic again (Kafka would give it a new topic id and none of the old "
                        + "topic's offsets): declare the new topic under another name",
                "timeline[7].deleteTopic.topics: unknown key 'topics'; did you mean 'topic'?",
                "timeline[7].deleteTopic.topic: required but missing; the topic deleted, e.g. topic: orders-eu"),
                files.problems(TWO_TOPICS + """
                          - {at: 1m, deleteTopic: {topic: orders-eu}}
                          - {at: 2m, deleteTopic: {topic: payments}}
                          - {at: 3m, deleteTopic: {topic: orders}}
                          - {at: 4m, deleteTopic: {topic: orders}}
                          - {at: 5m, addPartitions: {topic: orders, count: 8}}
                          - {at: 6m, slowRecord: {partition: orders-1, duration: 1s}}
                          - {at: 7m, createTopic: {topic: orders}}
                          - {at: 8m, deleteTopic: {topics: orders}}
                        """));
    }

    @Test
    void refusesDeletingASourceTopicOfAKafkaStreamsTopology() {
        List<String> problems = files.problems("""
                duration: 10m
                group: {id: demo}
                topics:
                  - {name: orders, partitions: 6, rate: 10/s}
                consumers:
                  count: 2
                  app: streams
                  topology: {subtopologies: [{source: orders}]}
                timeline:
                  - {at: 1m, deleteTopic: {topic: orders}}
                """);
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("timeline[0].deleteTopic: deleting 'orders', a source topic of the Kafka Streams topology, is not "
                + "modelled (Kafka Streams raises a MissingSourceTopicException, which by default shuts the client "
                + "down): remove it", problems.get(0));
    }
}
