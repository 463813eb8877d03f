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
}
