package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;

/** {@link SortedPartitions} behaves as the TreeSet it replaces. */
class SortedPartitionsTest {

    private static final TopicPartition A0 = new TopicPartition("a", 0);
    private static final TopicPartition A2 = new TopicPartition("a", 2);
    private static final TopicPartition B1 = new TopicPartition("b", 1);
    private static final TopicPartition B5 = new TopicPartition("b", 5);

    private final SortedPartitions set = SortedPartitions.of(new TopicPartition[] {A0, A2, B1, B5});
    private final TreeSet<TopicPartition> tree = new TreeSet<>(List.of(A0, A2, B1, B5));

    @Test
    void isEqualToAndPrintsLikeTheTreeSet() {
        assertEquals(tree, set);
        assertEquals(set, tree);
        assertEquals(tree.hashCode(), set.hashCode());
        assertEquals(tree.toString(), set.toString());
        assertEquals(List.copyOf(tree), set.asList());
    }

    @Test
    void looksUpAndSlicesLikeTheTreeSet() {
        assertTrue(set.contains(B1));
        assertFalse(set.contains(new TopicPartition("a", 1)));
        assertFalse(set.contains("a-0"));
        assertEquals(A0, set.first());
        assertEquals(B5, set.last());
        TopicPartition a1 = new TopicPartition("a", 1);
        assertEquals(tree.headSet(B1), set.headSet(B1));
        assertEquals(tree.tailSet(a1), set.tailSet(a1));
        assertEquals(tree.subSet(a1, B5), set.subSet(a1, B5));
        SortedSet<TopicPartition> slice = set.subSet(a1, B5);
        assertEquals(A2, slice.first());
        assertEquals(B1, slice.last());
    }

    @Test
    void isEmptyWhenItHasNothingAndCannotBeChanged() {
        assertTrue(SortedPartitions.NONE.isEmpty());
        assertThrows(NoSuchElementException.class, SortedPartitions.NONE::first);
        assertThrows(UnsupportedOperationException.class, () -> set.add(new TopicPartition("c", 0)));
        assertThrows(UnsupportedOperationException.class, () -> set.asList().set(0, B5));
        assertThrows(UnsupportedOperationException.class, () -> set.iterator().remove());
    }
}
