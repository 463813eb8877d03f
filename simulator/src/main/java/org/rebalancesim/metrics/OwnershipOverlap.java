package org.rebalancesim.metrics;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.partition.PartitionHolders;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.PartitionSet;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Watches which live members believe they own each partition. Two owners from different
 * generations is a zombie (a member evicted while it was paused or cut off, still processing what
 * it no longer owns): Kafka allows it and fences the zombie's commits, so it is measured, as
 * {@code zombieOverlapMs}. Two owners of the same generation would be a bug of the model: counted as
 * {@code ownershipViolations}, which must stay 0.
 */
final class OwnershipOverlap {

    private final MeasureWindow window;
    private final PartitionMap<PartitionHolders> owners = new PartitionMap<>();
    private final PartitionMap<Long> overlapSince = new PartitionMap<>();
    /** Each pod's partitions, so that confirming or releasing a pod costs its partitions, not the group's. */
    private final Map<String, PartitionSet> ownedBy = new HashMap<>();
    private long zombieOverlapMs;
    private long violations;
    /** The last number given to the generations of a group that gave way to a new one (-2, -3, ...). */
    private int olderGroups = -1;

    OwnershipOverlap(MeasureWindow window) {
        this.window = window;
    }

    void own(String pod, int generation, Iterable<TopicPartition> partitions, long nowMs) {
        PartitionSet owned = ownedBy.computeIfAbsent(pod, k -> new PartitionSet());
        for (TopicPartition tp : partitions) {
            PartitionHolders holders = owners.computeIfAbsent(tp, k -> new PartitionHolders());
            holders.put(pod, generation);
            owned.add(tp);
            if (holders.sharesGeneration()) {
                violations++;
            }
            update(tp, holders, nowMs);
        }
    }

    /**
     * The pod completed {@code generation}: what it kept and was given again, it now owns in that
     * generation (cooperative). What it still holds but was not given (it revokes it next, or it is a
     * leftover of a generation it was fenced from) stays in the generation it was assigned in.
     *
     * @param given the pod's partitions in that generation's assignment, or null when unknown (the
     *              consumer protocol, a measured run): then everything it holds moves to the generation
     */
    void confirm(String pod, int generation, Set<TopicPartition> given) {
        PartitionSet owned = ownedBy.get(pod);
        if (owned == null) {
            return;
        }
        owned.forEach(tp -> {
            if (given == null || given.contains(tp)) {
                PartitionHolders holders = owners.get(tp);
                holders.put(pod, generation);
                if (holders.sharesGeneration()) {
                    violations++;
                }
            }
        });
    }

    /**
     * An empty group changed type and the new one counts its generations afresh (docs/kafka-semantics.md §21):
     * whatever pods still hold is of the older group (every member had left it), so it moves under a number no
     * generation of the new group has. Returns that number, the generation of what those pods are given next
     * until they complete a rebalance of the new group.
     */
    int groupRecreated() {
        int olderGroup = --olderGroups;
        ownedBy.forEach((pod, owned) -> owned.forEach(tp -> owners.get(tp).put(pod, olderGroup)));
        return olderGroup;
    }

    void release(String pod, Iterable<TopicPartition> partitions, long nowMs) {
        PartitionSet owned = ownedBy.get(pod);
        for (TopicPartition tp : partitions) {
            PartitionHolders holders = owners.get(tp);
            if (holders != null && holders.remove(pod)) {
                owned.remove(tp);
                update(tp, holders, nowMs);
            }
        }
    }

    void releaseAll(String pod, long nowMs) {
        PartitionSet owned = ownedBy.remove(pod);
        if (owned != null) {
            owned.forEach(tp -> {
                owners.get(tp).remove(pod);
                update(tp, owners.get(tp), nowMs);
            });
        }
    }

    private void update(TopicPartition tp, PartitionHolders holders, long nowMs) {
        Long since = overlapSince.get(tp);
        if (holders.size() >= 2 && since == null) {
            overlapSince.put(tp, nowMs);
        } else if (holders.size() < 2 && since != null) {
            zombieOverlapMs += window.overlapMs(since, nowMs);
            overlapSince.remove(tp);
        }
    }

    void finish(long endMs) {
        overlapSince.forEach((tp, since) -> zombieOverlapMs += window.overlapMs(since, endMs));
        overlapSince.clear();
    }

    long zombieOverlapMs() {
        return zombieOverlapMs;
    }

    long violations() {
        return violations;
    }
}
