package org.rebalancesim.invariant;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.rebalancesim.partition.OffsetRange;
import org.rebalancesim.partition.PartitionHolders;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.PartitionSet;
import org.rebalancesim.partition.TopicPartition;

/**
 * Which live pod believes it owns which partition, and in which generation (classic) or member epoch
 * (consumer protocol): the generation of the pod's last completed rebalance, carried forward by
 * cooperative members to what they keep. What a classic member still holds but its new assignment does
 * not give it (it revokes it next, or it is a leftover of a generation it was fenced from) stays in the
 * generation it was assigned in. Two holders in the same generation is a bug (single-owner);
 * holders of different generations are a zombie, which Kafka allows and the recorder measures. A pod may
 * only fetch from a partition it holds (owned-processing).
 */
final class OwnershipCheck {

    private final Violations violations;
    /** partition → pod → generation, for the partitions some pod holds. */
    private final PartitionMap<PartitionHolders> holders = new PartitionMap<>();
    private final Map<String, PartitionSet> heldBy = new HashMap<>();
    private final Map<String, Integer> generationOf = new HashMap<>();
    /** The last number given to the generations of a group that gave way to a new one (-2, -3, ...). */
    private int olderGroups = -1;
    /** Each pod's current member id (a pod learns it from its JoinGroup answer, possibly after Stable). */
    private final Map<String, String> memberOfPod = new HashMap<>();
    /** The last few classic assignments that reached Stable, by generation, member id → partitions. */
    private final TreeMap<Integer, Map<String, Set<TopicPartition>>> stableAssignments = new TreeMap<>();

    OwnershipCheck(Violations violations) {
        this.violations = violations;
    }

    void memberIdAssigned(String pod, String memberId) {
        memberOfPod.put(pod, memberId);
    }

    /** A classic generation reached Stable with this assignment (member id → partitions). */
    void generationStable(int generation, Map<String, List<TopicPartition>> assignment) {
        Map<String, Set<TopicPartition>> byMember = new HashMap<>();
        assignment.forEach((memberId, partitions) -> byMember.put(memberId, Set.copyOf(partitions)));
        stableAssignments.put(generation, byMember);
        // A member completes a generation soon after it is Stable: a few recent ones are all that is asked for.
        while (stableAssignments.size() > 4) {
            stableAssignments.pollFirstEntry();
        }
    }

    /** The pod completed a rebalance in {@code generation}: what it keeps, it now holds in that generation. */
    void completed(String pod, int generation) {
        generationOf.put(pod, generation);
        Map<String, Set<TopicPartition>> stable = stableAssignments.get(generation);
        Set<TopicPartition> given = stable == null ? null : stable.get(memberOfPod.get(pod));
        PartitionSet held = heldBy.get(pod);
        if (held != null) {
            held.forEach(tp -> {
                if (given == null || given.contains(tp)) {
                    holders.get(tp).put(pod, generation);
                    requireSingleOwner(tp, pod, generation, () -> pod + " completed generation " + generation);
                }
            });
        }
    }

    void assigned(String pod, List<TopicPartition> partitions) {
        int generation = generationOf.getOrDefault(pod, -1);
        PartitionSet held = heldBy.computeIfAbsent(pod, k -> new PartitionSet());
        for (TopicPartition tp : partitions) {
            holders.computeIfAbsent(tp, k -> new PartitionHolders()).put(pod, generation);
            held.add(tp);
            requireSingleOwner(tp, pod, generation,
                    () -> pod + " was assigned " + partitions + " in generation " + generation);
        }
    }

    void released(String pod, List<TopicPartition> partitions) {
        PartitionSet held = heldBy.get(pod);
        for (TopicPartition tp : partitions) {
            // An emptied holder map stays: the partition is assigned again at the next rebalance.
            PartitionHolders owners = holders.get(tp);
            if (owners != null) {
                owners.remove(pod);
            }
            if (held != null) {
                held.remove(tp);
            }
        }
    }

    /** The pod's process is gone: it holds nothing, and its next process starts without a generation. */
    void down(String pod) {
        PartitionSet held = heldBy.remove(pod);
        if (held != null) {
            released(pod, held.toList());
        }
        generationOf.remove(pod);
    }

    void fetched(String pod, List<OffsetRange> ranges) {
        PartitionSet held = heldBy.get(pod);
        for (OffsetRange range : ranges) {
            TopicPartition tp = range.partition();
            if (held == null || !held.contains(tp)) {
                violations.fail(Invariant.OWNED_PROCESSING, pod + " fetched offsets [" + range.fromOffset() + ", "
                        + range.toOffset() + ") of " + tp, pod + " does not own " + tp + " (it owns "
                        + (held == null ? "[]" : held) + ")");
            }
        }
    }

    /**
     * An empty group changed type (docs/kafka-semantics.md §21): the new group counts its generations afresh, so
     * what pods still hold from the old one (a process cut off when the group emptied, that has not learnt it yet)
     * is of an older group whatever its number. It is kept apart under a number no generation of the new group
     * has, below the -1 of "no generation yet".
     */
    void groupRecreated() {
        int olderGroup = --olderGroups;
        heldBy.forEach((pod, held) -> held.toList().forEach(tp -> holders.get(tp).put(pod, olderGroup)));
        generationOf.replaceAll((pod, generation) -> olderGroup);
    }

    /** @param event what happened, for the message (built only when the check fails) */
    private void requireSingleOwner(TopicPartition tp, String pod, int generation, Supplier<String> event) {
        holders.get(tp).forEach((other, otherGeneration) -> {
            if (!other.equals(pod) && otherGeneration == generation) {
                violations.fail(Invariant.SINGLE_OWNER, event.get(), tp + " is owned by " + other + " and "
                        + pod + ", both in generation " + generation);
            }
        });
    }
}
