package org.rebalancesim.assignor;

import java.util.Set;

/**
 * Whether a set of partition numbers iterates in the order of a default-sized {@link java.util.HashSet}
 * filled in ascending order, the sets the simulator has always handed Kafka's assignors. Kafka's uniform
 * assignor iterates them, so a set it returned may be handed back as it is only if it iterates in that
 * order; otherwise the simulator builds that set (once per changed member).
 *
 * <p>Java's HashMap (JDK 8 and later) puts number {@code v} in bucket {@code (v ^ v >>> 16) & (capacity - 1)}
 * and iterates buckets in order, each in insertion order. Filled in ascending order from the default
 * capacity 16, it doubles whenever its size passes three quarters of the capacity, so it iterates by
 * (bucket, number). A bucket that ever holds more than 8 entries turns into a tree (or forces a resize in a
 * small table) and iterates otherwise: such sets are not recognised (no bucket modulo 16 may hold more
 * than 8 numbers, so every larger table's buckets hold no more either).
 */
final class HashSetOrder {

    private static final int DEFAULT_CAPACITY = 16;
    /** HashMap.TREEIFY_THRESHOLD - 1: the most entries a bucket holds before it changes shape. */
    private static final int MOST_PER_BUCKET = 8;

    private HashSetOrder() {
    }

    /** True when iterating {@code partitions} gives the order of the HashSet described above. */
    static boolean isAscendingFill(Set<Integer> partitions) {
        int size = partitions.size();
        int capacity = DEFAULT_CAPACITY;
        while (size > capacity / 4 * 3) {
            capacity *= 2;
        }
        if (size > MOST_PER_BUCKET * DEFAULT_CAPACITY) {
            return false;
        }
        int[] perSmallBucket = new int[DEFAULT_CAPACITY];
        long previous = -1;
        for (int partition : partitions) {
            int hash = partition ^ partition >>> 16;
            long position = (long) (hash & (capacity - 1)) << 32 | partition;
            if (partition < 0 || position <= previous
                    || ++perSmallBucket[hash & (DEFAULT_CAPACITY - 1)] > MOST_PER_BUCKET) {
                return false;
            }
            previous = position;
        }
        return true;
    }
}
