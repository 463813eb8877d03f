package org.rebalancesim.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Kafka's client-side assignors: the short names {@code partition.assignment.strategy} accepts and the
 * classes they stand for (ConsumerConfig's documentation of the key), in Kafka's order. The one list the
 * scenario loader, the assignor registry, the calibration's real consumers and the timing tool read.
 */
public enum KafkaAssignor {
    RANGE("range", "RangeAssignor"),
    ROUND_ROBIN("roundrobin", "RoundRobinAssignor"),
    STICKY("sticky", "StickyAssignor"),
    COOPERATIVE_STICKY("cooperative-sticky", "CooperativeStickyAssignor");

    /** The package of Kafka's client-side assignors. */
    public static final String PACKAGE = "org.apache.kafka.clients.consumer.";

    private static final List<String> SHORT_NAMES = Arrays.stream(values()).map(KafkaAssignor::shortName).toList();

    private final String shortName;
    private final String className;

    KafkaAssignor(String shortName, String simpleClassName) {
        this.shortName = shortName;
        this.className = PACKAGE + simpleClassName;
    }

    /** The name in partition.assignment.strategy and in JoinGroup's protocols ("cooperative-sticky"). */
    public String shortName() {
        return shortName;
    }

    /** The class's full name ("org.apache.kafka.clients.consumer.CooperativeStickyAssignor"). */
    public String className() {
        return className;
    }

    /** Every short name, in Kafka's order. */
    public static List<String> shortNames() {
        return SHORT_NAMES;
    }

    /** The assignor named by its short name or by its class name; empty for any other name. */
    public static Optional<KafkaAssignor> named(String name) {
        return Arrays.stream(values()).filter(a -> a.shortName.equals(name) || a.className.equals(name)).findFirst();
    }
}
