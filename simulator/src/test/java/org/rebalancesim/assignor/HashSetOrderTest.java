package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link HashSetOrder} against real HashSets, filled in order or not, copied and grown as Kafka's assignor does. */
class HashSetOrderTest {

    /** The set the simulator hands the assignor: default-sized, filled in ascending order. */
    private static Set<Integer> ascendingFill(Set<Integer> numbers) {
        Set<Integer> set = new HashSet<>();
        set.addAll(new TreeSet<>(numbers));
        return set;
    }

    @Test
    void recognisesExactlyTheSetsThatIterateLikeAnAscendingFill() {
        Random random = new Random(42);
        int recognised = 0;
        int notRecognised = 0;
        for (int i = 0; i < 20_000; i++) {
            int size = random.nextInt(60);
            int bound = 1 + random.nextInt(random.nextBoolean() ? 200 : 100_000);
            List<Integer> numbers = new ArrayList<>();
            for (int n = 0; n < size; n++) {
                numbers.add(random.nextInt(bound));
            }
            // As Kafka's uniform assignor makes a changed member's set: a sized copy, then additions.
            int copied = random.nextInt(numbers.size() + 1);
            Set<Integer> set = new HashSet<>(ascendingFill(new HashSet<>(numbers.subList(0, copied))));
            Collections.shuffle(numbers.subList(copied, numbers.size()), random);
            set.addAll(numbers.subList(copied, numbers.size()));
            boolean sameOrder = List.copyOf(set).equals(List.copyOf(ascendingFill(set)));
            if (HashSetOrder.isAscendingFill(set)) {
                recognised++;
                assertTrue(sameOrder, () -> "recognised, but iterates otherwise: " + set);
            } else if (sameOrder) {
                notRecognised++;
            }
        }
        assertTrue(recognised > 5_000, "recognised " + recognised);
        // Only sets with crowded buckets (which it declines to judge) are left out.
        assertTrue(notRecognised < 500, "not recognised though the same order: " + notRecognised);
    }

    @Test
    void aSetWithSomeoneAppendedToAFullerBucketIsNotRecognised() {
        Set<Integer> set = new HashSet<>(ascendingFill(Set.of(596, 91, 192)));
        set.add(100);
        // 596 and 100 share bucket 4 of 16: the ascending fill has 100 first.
        assertFalse(HashSetOrder.isAscendingFill(set));
        assertEquals(List.of(192, 100, 596, 91), List.copyOf(ascendingFill(set)));
    }

    @Test
    void crowdedBucketsAreNotJudged() {
        Set<Integer> crowded = new HashSet<>();
        for (int n = 0; n < 9; n++) {
            crowded.add(16 * n);
        }
        assertFalse(HashSetOrder.isAscendingFill(ascendingFill(crowded)));
    }
}
