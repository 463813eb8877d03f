package org.rebalancesim.assignor;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.Uuid;
import org.rebalancesim.partition.TopicPartition;

/**
 * The topics of one consumer group's assignments: each name's Kafka topic id and back, and one
 * {@link TopicPartition} per partition, so that translating Kafka's answers (topic ids and partition
 * numbers) into our partitions allocates nothing per partition. One table per group (not shared between
 * runs: a sweep runs simulations on several threads); it only grows, so a topic id always translates.
 */
public final class TopicTable {

    private final Map<String, Topic> byName = new HashMap<>();
    private final Map<Uuid, Topic> byId = new HashMap<>();
    private Topic lastById;

    /** The topic called {@code name}, its id computed (an MD5) the first time only. */
    Topic topic(String name) {
        Topic topic = byName.get(name);
        if (topic == null) {
            topic = new Topic(name, ServerAssignors.topicId(name));
            Topic sameId = byId.putIfAbsent(topic.id, topic);
            if (sameId != null) {
                throw new IllegalStateException("topics '" + sameId.name + "' and '" + name + "' share a topic id");
            }
            byName.put(name, topic);
        }
        return topic;
    }

    /** The topic with Kafka id {@code id}; only ids this table gave out are known (the assignors get no other). */
    Topic topic(Uuid id) {
        // The assignors answer with the very id objects they were given: mostly one topic, over and over.
        Topic topic = lastById;
        if (topic == null || topic.id != id) {
            topic = byId.get(id);
            if (topic == null) {
                throw new IllegalStateException("Kafka's assignor answered with topic id " + id + ", which names no topic");
            }
            lastById = topic;
        }
        return topic;
    }

    /** The Kafka topic id of {@code name}. */
    public Uuid id(String name) {
        return topic(name).id;
    }

    /** One topic: its name, its id, and its partitions as {@link TopicPartition}s, made on first use. */
    static final class Topic {
        final String name;
        final Uuid id;
        private TopicPartition[] partitions = new TopicPartition[0];

        private Topic(String name, Uuid id) {
            this.name = name;
            this.id = id;
        }

        TopicPartition partition(int partition) {
            return upTo(partition + 1)[partition];
        }

        /**
         * The partitions numbered 0 to at least {@code count - 1}, at their numbers. The array is never
         * changed (a longer one replaces it), so a slice of it may be kept.
         */
        TopicPartition[] upTo(int count) {
            if (count > partitions.length) {
                int made = partitions.length;
                TopicPartition[] more = Arrays.copyOf(partitions, Math.max(count, 2 * made));
                for (int p = made; p < more.length; p++) {
                    more[p] = new TopicPartition(name, p);
                }
                partitions = more;
            }
            return partitions;
        }
    }
}
