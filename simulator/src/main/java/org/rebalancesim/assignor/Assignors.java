package org.rebalancesim.assignor;

import java.util.List;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;

/**
 * Creates assignors by the names members advertise: Kafka's built-in ones by their short names. One
 * registry per run; every member gets fresh instances, as every Kafka consumer has its own.
 */
public final class Assignors {

    /** The short names of Kafka's client-side assignors. */
    public static final List<String> NAMES = List.of("range", "roundrobin", "sticky", "cooperative-sticky");

    /** The registry of Kafka's built-in assignors. */
    public static Assignors builtIn() {
        return new Assignors();
    }

    /** A fresh assignor for one member. */
    public Assignor create(String name) {
        return switch (name) {
            case "range" -> new KafkaClientAssignor(new RangeAssignor());
            case "roundrobin" -> new KafkaClientAssignor(new RoundRobinAssignor());
            case "sticky" -> new KafkaClientAssignor(new StickyAssignor());
            case "cooperative-sticky" -> new KafkaClientAssignor(new CooperativeStickyAssignor());
            default -> throw new IllegalArgumentException("unknown assignor " + name + "; known: " + NAMES);
        };
    }
}
