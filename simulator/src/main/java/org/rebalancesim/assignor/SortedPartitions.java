package org.rebalancesim.assignor;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SortedSet;
import org.rebalancesim.partition.TopicPartition;

/**
 * An immutable sorted set of partitions over a sorted array without duplicates: what a member's target
 * translates into. Cheaper than a TreeSet to build (one array, no node per partition) and to look into
 * (binary search); equal to any other set with the same partitions, printed like a TreeSet.
 */
final class SortedPartitions extends AbstractSet<TopicPartition> implements SortedSet<TopicPartition> {

    static final SortedPartitions NONE = new SortedPartitions(new TopicPartition[0], 0, 0);

    private final TopicPartition[] partitions;
    private final int from;
    private final int to;

    private SortedPartitions(TopicPartition[] partitions, int from, int to) {
        this.partitions = partitions;
        this.from = from;
        this.to = to;
    }

    /**
     * @param sorted ascending, no duplicates (checked with assertions only: the callers build it sorted, and
     *               checking costs as much as building); the set keeps the array, nobody may change it afterwards
     */
    static SortedPartitions of(TopicPartition[] sorted) {
        return of(sorted, 0, sorted.length);
    }

    /** The slice [from, to) of {@code sorted}, kept as it is (the same conditions). */
    static SortedPartitions of(TopicPartition[] sorted, int from, int to) {
        assert isStrictlyAscending(Arrays.copyOfRange(sorted, from, to)) : Arrays.toString(sorted);
        return from == to ? NONE : new SortedPartitions(sorted, from, to);
    }

    private static boolean isStrictlyAscending(TopicPartition[] partitions) {
        for (int i = 1; i < partitions.length; i++) {
            if (partitions[i - 1].compareTo(partitions[i]) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** The same partitions as an unmodifiable list, ascending (no copy). */
    List<TopicPartition> asList() {
        return Collections.unmodifiableList(Arrays.asList(partitions).subList(from, to));
    }

    @Override
    public int size() {
        return to - from;
    }

    @Override
    public boolean contains(Object o) {
        return o instanceof TopicPartition partition && Arrays.binarySearch(partitions, from, to, partition) >= 0;
    }

    @Override
    public Iterator<TopicPartition> iterator() {
        return new Iterator<>() {
            private int next = from;

            @Override
            public boolean hasNext() {
                return next < to;
            }

            @Override
            public TopicPartition next() {
                if (next >= to) {
                    throw new NoSuchElementException();
                }
                return partitions[next++];
            }
        };
    }

    @Override
    public Comparator<? super TopicPartition> comparator() {
        return null;
    }

    @Override
    public TopicPartition first() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return partitions[from];
    }

    @Override
    public TopicPartition last() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return partitions[to - 1];
    }

    @Override
    public SortedSet<TopicPartition> subSet(TopicPartition fromElement, TopicPartition toElement) {
        if (fromElement.compareTo(toElement) > 0) {
            throw new IllegalArgumentException(fromElement + " > " + toElement);
        }
        return new SortedPartitions(partitions, indexOf(fromElement), indexOf(toElement));
    }

    @Override
    public SortedSet<TopicPartition> headSet(TopicPartition toElement) {
        return new SortedPartitions(partitions, from, indexOf(toElement));
    }

    @Override
    public SortedSet<TopicPartition> tailSet(TopicPartition fromElement) {
        return new SortedPartitions(partitions, indexOf(fromElement), to);
    }

    /** Where {@code partition} is or would be. */
    private int indexOf(TopicPartition partition) {
        int found = Arrays.binarySearch(partitions, from, to, partition);
        return found >= 0 ? found : -found - 1;
    }
}
