package org.rebalancesim.partition;

import java.util.Arrays;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A map keyed by partition, stored as an array per topic indexed by partition number. The recorder and
 * the invariant checks look partitions up several times per partition per rebalance; with a thousand
 * members on ten thousand partitions that is millions of lookups per simulated hour, and a hash map of
 * TopicPartition keys spends most of it on hashing, node objects and cache misses.
 *
 * <p>Iteration is in {@link TopicPartition} order (topic name, then partition number), as a TreeMap's.
 * Not thread-safe (one world, one thread). Null values are not stored: {@code put(tp, null)} removes.
 */
public final class PartitionMap<V> {

    private final TreeMap<String, Topic<V>> topics = new TreeMap<>();
    /** The topic of the last lookup: almost every lookup in a run is of the same topic as the one before. */
    private Topic<V> last;
    private int size;

    private static final class Topic<V> {
        final String name;
        TopicPartition[] keys = new TopicPartition[0];
        Object[] values = new Object[0];

        Topic(String name) {
            this.name = name;
        }

        void ensure(int partition) {
            if (partition >= values.length) {
                int length = Math.max(partition + 1, values.length * 2);
                keys = Arrays.copyOf(keys, length);
                values = Arrays.copyOf(values, length);
            }
        }
    }

    private Topic<V> topic(String name, boolean create) {
        Topic<V> topic = last;
        if (topic != null && (topic.name == name || topic.name.equals(name))) {
            return topic;
        }
        topic = topics.get(name);
        if (topic == null && create) {
            topic = new Topic<>(name);
            topics.put(name, topic);
        }
        if (topic != null) {
            last = topic;
        }
        return topic;
    }

    @SuppressWarnings("unchecked")
    public V get(TopicPartition tp) {
        Topic<V> topic = topic(tp.topic(), false);
        int p = tp.partition();
        return topic == null || p < 0 || p >= topic.values.length ? null : (V) topic.values[p];
    }

    public V getOrDefault(TopicPartition tp, V fallback) {
        V value = get(tp);
        return value != null ? value : fallback;
    }

    public boolean containsKey(TopicPartition tp) {
        return get(tp) != null;
    }

    /** Stores {@code value} (null removes); returns the value before. */
    @SuppressWarnings("unchecked")
    public V put(TopicPartition tp, V value) {
        if (value == null) {
            return remove(tp);
        }
        if (tp.partition() < 0) {
            throw new IllegalArgumentException("negative partition " + tp);
        }
        Topic<V> topic = topic(tp.topic(), true);
        topic.ensure(tp.partition());
        V before = (V) topic.values[tp.partition()];
        topic.values[tp.partition()] = value;
        topic.keys[tp.partition()] = tp;
        if (before == null) {
            size++;
        }
        return before;
    }

    public V computeIfAbsent(TopicPartition tp, Function<TopicPartition, V> create) {
        V value = get(tp);
        if (value == null) {
            value = create.apply(tp);
            put(tp, value);
        }
        return value;
    }

    /** Removes the partition's value; returns it, or null if there was none. */
    @SuppressWarnings("unchecked")
    public V remove(TopicPartition tp) {
        Topic<V> topic = topic(tp.topic(), false);
        int p = tp.partition();
        if (topic == null || p < 0 || p >= topic.values.length || topic.values[p] == null) {
            return null;
        }
        V before = (V) topic.values[p];
        topic.values[p] = null;
        topic.keys[p] = null;
        size--;
        return before;
    }

    public int size() {
        return size;
    }

    public void clear() {
        topics.clear();
        last = null;
        size = 0;
    }

    /** Every entry, in partition order. The action must not add or remove entries. */
    @SuppressWarnings("unchecked")
    public void forEach(BiConsumer<TopicPartition, V> action) {
        for (Topic<V> topic : topics.values()) {
            for (int p = 0; p < topic.values.length; p++) {
                if (topic.values[p] != null) {
                    action.accept(topic.keys[p], (V) topic.values[p]);
                }
            }
        }
    }
}
