package org.rebalancesim.assignor;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The Streams part of the latest assignment, per member: what Kafka's StreamsPartitionAssignor writes into
 * each member's assignment bytes (AssignmentInfo: active and standby tasks, the next probing rebalance) and
 * the member's assignor reads in onAssignment. The model's SyncGroup carries partitions only, so the leader's
 * assignor posts the rest here and the member reads it with the partitions the SyncGroup brought: the same
 * moment, the same content.
 */
public final class StreamsAssignmentBoard {

    /**
     * @param partitions   the partitions the member was given with it (to match the SyncGroup's answer)
     * @param followupAtMs when the member should trigger the follow-up rebalance, or -1
     * @param probing      whether that follow-up is a probing rebalance (warm-ups placed), not the immediate one
     *                     of tasks withheld until their partitions are revoked
     */
    public record Info(List<TopicPartition> partitions, SortedSet<TaskId> active, SortedSet<TaskId> standby,
                       long followupAtMs, boolean probing) {
        public Info {
            partitions = List.copyOf(partitions);
            active = Collections.unmodifiableSortedSet(new TreeSet<>(active));
            standby = Collections.unmodifiableSortedSet(new TreeSet<>(standby));
        }
    }

    private final Map<String, Info> byMember = new TreeMap<>();
    /** The same shares by group.instance.id: a static member's new process gets its old member's (KIP-345). */
    private final Map<String, Info> byInstance = new TreeMap<>();

    /** @param instanceIds member id → group.instance.id, for the static members */
    void post(Map<String, Info> assignment, Map<String, String> instanceIds) {
        byMember.clear();
        byMember.putAll(assignment);
        byInstance.clear();
        instanceIds.forEach((member, instance) -> byInstance.put(instance, assignment.get(member)));
    }

    /**
     * The member's share of the latest assignment, if it is the one that brought {@code partitions}: by its
     * member id, or for a static member whose new process replaced the old one, by its group.instance.id.
     */
    Optional<Info> read(String memberId, String instanceId, List<TopicPartition> partitions) {
        Info info = byMember.containsKey(memberId) || instanceId == null ? byMember.get(memberId)
                : byInstance.get(instanceId);
        return info != null && new TreeSet<>(info.partitions()).equals(new TreeSet<>(partitions))
                ? Optional.of(info) : Optional.empty();
    }
}
