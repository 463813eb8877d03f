package org.rebalancesim.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CoordinatorLocatorTest {

    @Test
    void testGroupLivesOnOffsetsPartition12With50Partitions() {
        // The test vector: abs("test-group".hashCode()) % 50 == 12.
        assertEquals(12, CoordinatorLocator.offsetsPartitionFor("test-group", 50));
    }

    @Test
    void followsJavasStringHashCodeAsKafkaDoes() {
        String group = "demo-app";
        assertEquals(Math.abs(group.hashCode()) % 50, CoordinatorLocator.offsetsPartitionFor(group, 50));
    }

    @Test
    void kafkasAbsMapsMinValueToZero() {
        // Utils.abs: Math.abs(Integer.MIN_VALUE) is negative; Kafka maps it to 0.
        assertEquals(0, CoordinatorLocator.kafkaAbs(Integer.MIN_VALUE));
        assertEquals(5, CoordinatorLocator.kafkaAbs(-5));
        // "polygenelubricants".hashCode() == Integer.MIN_VALUE: the group lands on partition 0.
        assertEquals(Integer.MIN_VALUE, "polygenelubricants".hashCode());
        assertEquals(0, CoordinatorLocator.offsetsPartitionFor("polygenelubricants", 50));
    }

    @Test
    void replicasSpreadRoundRobinWithReplicationFactorAtMostThree() {
        assertArrayEquals(new int[] {0, 1, 2}, CoordinatorLocator.replicasOf(12, 3));
        assertArrayEquals(new int[] {2, 3, 4}, CoordinatorLocator.replicasOf(12, 5));
        assertArrayEquals(new int[] {0}, CoordinatorLocator.replicasOf(7, 1));
    }
}
