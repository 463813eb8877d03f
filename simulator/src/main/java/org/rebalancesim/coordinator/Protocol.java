package org.rebalancesim.coordinator;

import java.nio.ByteBuffer;
import java.util.List;
import org.rebalancesim.partition.TopicPartition;

/**
 * One entry of a JoinGroup's protocol list: an assignor name and the member's subscription metadata.
 * Kafka compares metadata byte for byte; here record equality plays that part.
 *
 * @param name             the assignor's name ("range", "cooperative-sticky", ...)
 * @param topics           the subscribed topics, sorted
 * @param userData         what the member's assignor adds (the sticky assignors' previous assignment), or null
 * @param ownedPartitions  partitions the member owns (cooperative only; empty for eager)
 * @param generation       the member's generation when it joined (cooperative sticky), -1 if unknown
 */
public record Protocol(String name, List<String> topics, ByteBuffer userData, List<TopicPartition> ownedPartitions,
                       int generation) {

    public Protocol {
        topics = List.copyOf(topics);
        userData = userData == null ? null : userData.asReadOnlyBuffer();
        ownedPartitions = List.copyOf(ownedPartitions);
    }

    /** A subscription without user data, owned partitions or generation (eager range / round robin). */
    public static Protocol of(String name, List<String> topics) {
        return new Protocol(name, topics, null, List.of(), -1);
    }
}
