package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The slice assignment: every run in exactly one shard, shards interleaved and within one run of each other. */
class ShardTest {

    @Test
    void shardsCountFromZeroAndTakeEveryNthRun() {
        assertEquals(new Shard(0, 3), Shard.parse("0/3"));
        assertEquals(new Shard(2, 3), Shard.parse("2/3"));
        // 10 runs in 3 shards: run i goes to shard i mod 3.
        assertArrayEquals(new int[] {0, 3, 6, 9}, Shard.parse("0/3").runs(10));
        assertArrayEquals(new int[] {1, 4, 7}, Shard.parse("1/3").runs(10));
        assertArrayEquals(new int[] {2, 5, 8}, Shard.parse("2/3").runs(10));
        assertArrayEquals(new int[] {0, 1, 2, 3}, Shard.parse("0/1").runs(4));
    }

    @Test
    void everyRunIsInExactlyOneShardAndShardSizesDifferByAtMostOne() {
        for (int count = 1; count <= 7; count++) {
            for (int runs = count; runs <= 40; runs += 3) {
                List<Integer> seen = new ArrayList<>();
                int smallest = Integer.MAX_VALUE;
                int largest = 0;
                for (int k = 0; k < count; k++) {
                    int[] owned = new Shard(k, count).runs(runs);
                    for (int run : owned) {
                        seen.add(run);
                    }
                    smallest = Math.min(smallest, owned.length);
                    largest = Math.max(largest, owned.length);
                }
                seen.sort(null);
                assertEquals(runs, seen.size(), count + " shards of " + runs);
                for (int i = 0; i < runs; i++) {
                    assertEquals(i, seen.get(i), "run " + i + " of " + runs + " in " + count + " shards");
                }
                assertTrue(largest - smallest <= 1, count + " shards of " + runs + ": " + smallest + " to " + largest);
            }
        }
    }

    @Test
    void aBadShardIsRefusedWithTheRule() {
        for (String bad : List.of("3/3", "1/0", "-1/3", "1", "1/3/4", "a/3", "", "1/ 3", "4/3")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad), bad);
            assertTrue(e.getMessage().startsWith(bad + ": give K/N with N >= 1 and K from 0 to N - 1"), e.getMessage());
            assertTrue(e.getMessage().contains("shards count from 0"), e.getMessage());
        }
    }

    @Test
    void theFolderNamesTheScenarioAndTheShard() {
        assertEquals("random-faults-shard-2-of-3", new Shard(2, 3).folderName("random-faults"));
    }
}
