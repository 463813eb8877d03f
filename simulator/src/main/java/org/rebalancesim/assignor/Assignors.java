package org.rebalancesim.assignor;

import java.util.List;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;

/** The registry of assignors by the names members advertise (Kafka's short names). */
public final class Assignors {

    /** The names this registry knows, in Kafka's terms. */
    public static final List<String> NAMES = List.of("range", "roundrobin", "sticky", "cooperative-sticky");

    private Assignors() {
    }

    /** A fresh assignor (Kafka's sticky assignors keep state between rounds, as on a real leader). */
    public static Assignor byName(String name) {
        return switch (name) {
            case "range" -> new KafkaClientAssignor(new RangeAssignor());
            case "roundrobin" -> new KafkaClientAssignor(new RoundRobinAssignor());
            case "sticky" -> new KafkaClientAssignor(new StickyAssignor());
            case "cooperative-sticky" -> new KafkaClientAssignor(new CooperativeStickyAssignor());
            default -> throw new IllegalArgumentException("unknown assignor " + name + "; known: " + NAMES);
        };
    }
}
