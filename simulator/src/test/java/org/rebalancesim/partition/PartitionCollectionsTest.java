package org.rebalancesim.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * PartitionMap and PartitionSet replace TreeMap/TreeSet (and hash maps) of TopicPartition in the
 * recorder and the checks: they must behave exactly like them, iteration order included, or the run's
 * results would change. Checked against the JDK collections over random operations.
 */
class PartitionCollectionsTest {

    private static final List<String> TOPICS = List.of("orders", "events", "audit-log");

    private static TopicPartition random(Random random) {
        // Fresh instances (not shared keys), partitions across several words of a set, topics interleaved.
        return new TopicPartition(new String(TOPICS.get(random.nextInt(TOPICS.size()))), random.nextInt(300));
    }

    @Test
    void mapBehavesAsATreeMap() {
        Random random = new Random(7);
        PartitionMap<Integer> map = new PartitionMap<>();
        TreeMap<TopicPartition, Integer> expected = new TreeMap<>();
        for (int i = 0; i < 20_000; i++) {
            TopicPartition tp = random(random);
            switch (random.nextInt(4)) {
                case 0, 1 -> assertEquals(expected.put(tp, i), map.put(tp, i), "put " + tp);
                case 2 -> assertEquals(expected.remove(tp), map.remove(tp), "remove " + tp);
                default -> assertEquals(expected.get(tp), map.get(tp), "get " + tp);
            }
            assertEquals(expected.size(), map.size());
        }
        List<TopicPartition> order = new ArrayList<>();
        List<Integer> values = new ArrayList<>();
        map.forEach((tp, value) -> {
            order.add(tp);
            values.add(value);
        });
        assertEquals(new ArrayList<>(expected.keySet()), order, "iteration in TopicPartition order");
        assertEquals(new ArrayList<>(expected.values()), values);
    }

    @Test
    void mapLooksUpUnknownTopicsAndPartitionsAsAbsent() {
        PartitionMap<String> map = new PartitionMap<>();
        map.put(new TopicPartition("events", 3), "three");
        assertNull(map.get(new TopicPartition("events", 4)));
        assertNull(map.get(new TopicPartition("events", 10_000)));
        assertNull(map.get(new TopicPartition("other", 3)));
        assertEquals("none", map.getOrDefault(new TopicPartition("events", -1), "none"));
        assertEquals("three", map.put(new TopicPartition("events", 3), null), "putting null removes");
        assertEquals(0, map.size());
        assertThrows(IllegalArgumentException.class, () -> map.put(new TopicPartition("events", -1), "x"));
    }

    @Test
    void setBehavesAsATreeSet() {
        Random random = new Random(11);
        PartitionSet set = new PartitionSet();
        TreeSet<TopicPartition> expected = new TreeSet<>();
        for (int i = 0; i < 20_000; i++) {
            TopicPartition tp = random(random);
            switch (random.nextInt(3)) {
                case 0 -> assertEquals(expected.add(tp), set.add(tp), "add " + tp);
                case 1 -> assertEquals(expected.remove(tp), set.remove(tp), "remove " + tp);
                default -> assertEquals(expected.contains(tp), set.contains(tp), "contains " + tp);
            }
        }
        assertEquals(new ArrayList<>(expected), set.toList(), "iteration in TopicPartition order");
        assertEquals(expected.toString(), set.toString());
    }

    @Test
    void setIterationMayRemoveWhatItVisits() {
        PartitionSet set = new PartitionSet();
        for (int p = 0; p < 200; p += 3) {
            set.add(new TopicPartition("events", p));
        }
        List<TopicPartition> visited = new ArrayList<>();
        set.forEach(tp -> {
            visited.add(tp);
            set.remove(tp);
        });
        assertEquals(67, visited.size());
        assertTrue(set.toList().isEmpty());
        assertFalse(set.contains(new TopicPartition("events", 0)));
        assertFalse(set.remove(new TopicPartition("events", 1_000)));
    }

    @Test
    void topicPartitionKeepsTheRecordContract() {
        TopicPartition a = new TopicPartition("events", 7);
        TopicPartition b = new TopicPartition(new String("events"), 7);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        // The hash a record of (topic, partition) had: HashMap/HashSet iteration orders stay as they were.
        assertEquals(31 * "events".hashCode() + 7, a.hashCode());
        assertEquals("events-7", a.toString());
        assertTrue(a.compareTo(new TopicPartition("events", 10)) < 0);
        assertTrue(new TopicPartition("audit", 99).compareTo(a) < 0);
        assertFalse(a.equals(new TopicPartition("events", 8)));
        assertEquals(Map.of(a, 1), Map.of(b, 1));
    }
}
