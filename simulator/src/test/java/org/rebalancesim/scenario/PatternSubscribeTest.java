package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code consumers.subscribe: {pattern: ...}} and {@code {regex: ...}}: read, and refused when Kafka would refuse. */
class PatternSubscribeTest {

    private static final String FILE = """
            duration: 10m
            group: {id: demo}
            topics:
              - {name: orders-us, partitions: 6}
              - {name: orders-eu, partitions: 2, created: false}
              - {name: payments, partitions: 2}
            """;

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void aPatternSubscribesToEveryDeclaredTopicItMatchesWholly() throws Exception {
        ConsumersSpec consumers = files.onlyVariant(FILE + "consumers: {count: 2, subscribe: {pattern: \"orders-.*\"}}\n")
                .consumers();
        assertEquals(new TopicPattern("orders-.*", false), consumers.pattern());
        // Pattern.matcher(topic).matches(): a whole match, so "orders" alone would match none of them.
        assertEquals(List.of("orders-us", "orders-eu"), consumers.subscribe());
        ConsumersSpec regex = files.onlyVariant(FILE + "consumers: {count: 2, subscribe: {regex: \"pay.*\"},"
                + " config: {group.protocol: consumer}}\n").consumers();
        assertEquals(new TopicPattern("pay.*", true), regex.pattern());
        assertEquals(List.of("payments"), regex.subscribe());
    }

    @Test
    void refusesExpressionsKafkaRefuses() {
        // A Java pattern with an unclosed group; a lookbehind, which Java accepts and RE2J (no backtracking) does
        // not (RE2J reads "(?<" as the start of a named group, hence its words); a regex under the classic protocol
        // (ClassicKafkaConsumer.subscribe(SubscriptionPattern) throws).
        assertEquals(List.of("consumers.subscribe.pattern: 'orders-(' is not a valid Java regular expression (Unclosed "
                        + "group near index 8); Kafka would refuse it in Pattern.compile. Fix the expression"),
                files.problems(FILE + "consumers: {count: 2, subscribe: {pattern: \"orders-(\"}}\n"));
        assertEquals(List.of("consumers.subscribe.regex: '(?<=o)rders' is not a valid RE2J regular expression (invalid "
                        + "named capture); Kafka would refuse it with INVALID_REGULAR_EXPRESSION. Fix the "
                        + "expression"),
                files.problems(FILE + "consumers: {count: 2, subscribe: {regex: \"(?<=o)rders\"},"
                        + " config: {group.protocol: consumer}}\n"));
        assertEquals(List.of("consumers.subscribe.regex: regex: is subscribe(SubscriptionPattern), which only "
                        + "group.protocol: consumer accepts (the classic consumer throws UnsupportedOperationException); "
                        + "use pattern: for a Java pattern the client matches itself, or set group.protocol: consumer"),
                files.problems(FILE + "consumers: {count: 2, subscribe: {regex: \"orders-.*\"}}\n"));
    }

    @Test
    void theTimelinesSubscribeTakesAPatternInsteadOfTopics() throws Exception {
        Variant variant = files.onlyVariant(FILE + "consumers: {count: 2, subscribe: [payments]}\n"
                + "timeline:\n  - {at: 1m, subscribe: {consumer: c1, pattern: \"orders-.*\"}}\n");
        Operation.Subscribe subscribe = (Operation.Subscribe) variant.timeline().get(0).operation();
        assertEquals(new TopicPattern("orders-.*", false), subscribe.pattern());
        // The declared topics it matches, created or not: the topics the group may consume from then on.
        assertEquals(List.of("orders-us", "orders-eu"), subscribe.topics());
        assertEquals("subscribe {consumer: c1, pattern: orders-.*}", Operations.text(subscribe));
    }

    @Test
    void theTimelinesSubscribeRefusesWhatKafkaRefuses() {
        String classic = FILE + "consumers: {count: 2, subscribe: [payments]}\ntimeline:\n";
        assertEquals(List.of("timeline[0].subscribe: needs topics: or a pattern (pattern: or regex:), not both: "
                        + "subscribe(Pattern) replaces a subscription to topics; remove one"),
                files.problems(classic + "  - {at: 1m, subscribe: {consumer: c1, topics: [payments], pattern: o.*}}\n"));
        assertEquals(List.of("timeline[0].subscribe.pattern: 'orders-(' is not a valid Java regular expression "
                        + "(Unclosed group near index 8); Kafka would refuse it in Pattern.compile. Fix the expression"),
                files.problems(classic + "  - {at: 1m, subscribe: {consumer: c1, pattern: \"orders-(\"}}\n"));
        assertEquals(List.of("timeline[0].subscribe.regex: pod c1 is on the classic protocol at that time: regex: is "
                        + "subscribe(SubscriptionPattern), which only group.protocol: consumer accepts (the classic consumer "
                        + "throws UnsupportedOperationException); use pattern: for a Java pattern the client matches "
                        + "itself, or move it to group.protocol: consumer first (consumers.config, or a restart with "
                        + "config: {group.protocol: consumer} before this entry)"),
                files.problems(classic + "  - {at: 1m, subscribe: {consumer: all, regex: \"orders-.*\"}}\n"));
    }

    @Test
    void aRegexIsAcceptedOnceARestartMovedThePodsToTheConsumerProtocol() throws Exception {
        String upgraded = FILE + "consumers: {count: 1, subscribe: [payments]}\ntimeline:\n"
                + "  - {at: 1m, restart: {consumer: c1, config: {group.protocol: consumer}}}\n"
                + "  - {at: 2m, subscribe: {consumer: c1, regex: \"orders-.*\"}}\n";
        Operation.Subscribe subscribe = (Operation.Subscribe) files.onlyVariant(upgraded).timeline().get(1).operation();
        assertEquals(new TopicPattern("orders-.*", true), subscribe.pattern());
    }
}
