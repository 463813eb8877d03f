package org.rebalancesim.coordinator.consumer;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.coordinator.group.api.assignor.ConsumerGroupPartitionAssignor;
import org.rebalancesim.assignor.AssignmentCost;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.assignor.TargetAssignment;
import org.rebalancesim.engine.Simulation;

/**
 * Computes the group's target assignment with Kafka's server assignor (GMM updateTargetAssignment and
 * TargetAssignmentBuilder): every member, each with its previous target as the assignor's input.
 *
 * <p>When (docs/kafka-semantics.md §10 "Target assignment"; KIP-1263 batching as Kafka 4.4.0 implements it for
 * consumer groups, GMM.maybeUpdateTargetAssignment / canComputeNextTargetAssignment): only inside a
 * heartbeat, and only when the group epoch is ahead of the assignment epoch and
 * <ul>
 *   <li>no target was ever computed (or the group emptied since), or</li>
 *   <li>group.consumer.assignment.interval.ms is 0 (Kafka 4.0-4.2: every such heartbeat computes), or</li>
 *   <li>at least that interval passed since the last computation.</li>
 * </ul>
 * Otherwise the heartbeat reconciles the member towards the last target (a new member finds none and is
 * STABLE with nothing at the last assignment epoch). There is no timer: a deferred computation happens
 * at the first heartbeat of any member after the interval, so a quiet group stays ASSIGNING until then.
 * (Kafka 4.4.0 schedules a delayed-assignment timer for streams groups only; the offload option,
 * group.consumer.assignor.offload.enable, only moves the same computation to another thread.)
 *
 * <p>Compute time (AssignmentCost.SERVER, measured on Kafka's assignors): the target is computed from the
 * group as it is at the heartbeat, and becomes current computeMs later; 0 ms, at once, for small groups.
 * A simplification of Kafka, where the computation runs inside that heartbeat on the coordinator thread:
 * there the heartbeat's answer (with the member's new assignment) waits for it and so do the other requests
 * of the coordinator's shard; here every request is answered at once, against the previous target, and the
 * members, the computing one included, see the new target at their next heartbeat.
 */
final class TargetAssignmentStep {

    private final Simulation sim;
    private final ConsumerGroupSettings settings;
    private final Supplier<Map<String, Integer>> partitionCounts;
    private final Map<String, ConsumerGroupPartitionAssignor> assignors = new LinkedHashMap<>();
    /** A computation whose compute time has not passed yet: no other starts meanwhile. */
    private boolean computing;
    /** Counts started computations and cancellations: a finishing computation acts only if it is the last. */
    private long computation;

    TargetAssignmentStep(Simulation sim, ConsumerGroupSettings settings, Supplier<Map<String, Integer>> partitionCounts) {
        this.sim = sim;
        this.settings = settings;
        this.partitionCounts = partitionCounts;
        settings.assignors().forEach(name -> assignors.put(name, ServerAssignors.create(name)));
    }

    /** Whether a heartbeat at {@code nowMs} computes a new target (GMM.canComputeNextTargetAssignment). */
    boolean isDue(ConsumerGroup group, long nowMs) {
        if (computing || group.groupEpoch() <= group.assignmentEpoch()) {
            return false;
        }
        long lastMs = group.assignmentTimeMs();
        return lastMs == ConsumerGroup.NEVER || settings.assignmentIntervalMs() == 0
                || nowMs >= lastMs + settings.assignmentIntervalMs();
    }

    /**
     * Computes the target for the current group epoch from the group as it is now, and installs it once the
     * assignor's compute time has passed (AssignmentCost.SERVER, measured; at once when it rounds to 0 ms,
     * which it does for small groups). Until then the group stays ASSIGNING, heartbeats reconcile towards
     * the previous target and start no other computation.
     */
    void compute(ConsumerGroup group, long nowMs) {
        String assignorName = preferredAssignor(group.members());
        Map<String, Integer> metadata = partitionCounts.get();
        TargetAssignment target = ServerAssignors.assign(assignors.get(assignorName), group.assignorSpec(), metadata);
        long computeMs = AssignmentCost.SERVER.computeMs(assignorName, group.size(),
                subscribedPartitions(group, metadata));
        if (computeMs == 0) {
            group.setTargetAssignment(group.groupEpoch(), target, nowMs);
            return;
        }
        int epoch = group.groupEpoch();
        long started = ++computation;
        computing = true;
        Computed computed = new Computed(group.members(), group.membershipChanges());
        sim.after(computeMs, () -> install(group, epoch, computed, target, nowMs, started));
    }

    /**
     * The members a delayed computation ran for, sorted by member id, with their instance ids (a replaced
     * static member is found by it), and the group's count of removals and replacements then.
     */
    private record Computed(List<Map.Entry<String, String>> instanceIdByMemberId, long membershipChanges) {
        Computed(Collection<ConsumerGroupMember> members, long membershipChanges) {
            this(members.stream().map(member -> new SimpleImmutableEntry<>(member.memberId(), member.instanceId()))
                    .collect(Collectors.toUnmodifiableList()), membershipChanges);
        }
    }

    /**
     * The compute time passed: the target becomes the group's, unless the coordinator unloaded the group
     * meanwhile (cancel) or a newer target is current (the group emptied). Members fenced meanwhile are
     * left out, a replaced static member's part goes to its new incarnation; members that joined meanwhile
     * get nothing until the next computation, which is due since their joining bumped the group epoch. The
     * heartbeats that follow hand the target out.
     */
    private void install(ConsumerGroup group, int epoch, Computed computed, TargetAssignment target, long startedMs,
                         long started) {
        if (started != computation || group.isDead()) {
            return;
        }
        computing = false;
        if (group.assignmentEpoch() >= epoch) {
            return;
        }
        TargetAssignment current = computed.membershipChanges() == group.membershipChanges() ? target
                : target.forMembers(currentMemberIds(group, computed));
        group.setTargetAssignment(epoch, current, startedMs);
        group.refreshState("target assignment of epoch " + epoch + " computed");
    }

    /**
     * Which current member each computed member's part goes to (null: dropped, fenced since): the member
     * itself, or the new incarnation of a replaced static member (which does not bump the group epoch), as
     * {@link ConsumerGroup#replace} moves the current target; the first (by member id) to claim a member wins.
     */
    private static Map<String, String> currentMemberIds(ConsumerGroup group, Computed computed) {
        Map<String, String> currentIds = new LinkedHashMap<>();
        Set<String> claimed = new HashSet<>();
        for (Map.Entry<String, String> member : computed.instanceIdByMemberId()) {
            ConsumerGroupMember now = group.member(member.getKey());
            if (now == null && member.getValue() != null) {
                now = group.staticMember(member.getValue());
            }
            currentIds.put(member.getKey(), now != null && claimed.add(now.memberId()) ? now.memberId() : null);
        }
        return currentIds;
    }

    /** The coordinator unloaded the group: a computation in progress is lost, the next one starts afresh. */
    void cancel() {
        computation++;
        computing = false;
    }

    private static int subscribedPartitions(ConsumerGroup group, Map<String, Integer> metadata) {
        long partitions = 0;
        for (String topic : group.subscribedTopicNames()) {
            partitions += metadata.getOrDefault(topic, 0);
        }
        return (int) Math.min(Integer.MAX_VALUE, partitions);
    }

    /**
     * The assignor the group uses (ConsumerGroup.computePreferredServerAssignor): the one most members ask
     * for. Kafka breaks a tie by HashMap order; here the assignor listed first in group.consumer.assignors
     * wins. No member asking → the default (the first listed).
     */
    String preferredAssignor(Collection<ConsumerGroupMember> members) {
        Map<String, Integer> votes = new LinkedHashMap<>();
        settings.assignors().forEach(name -> votes.put(name, 0));
        for (ConsumerGroupMember member : members) {
            if (member.serverAssignor() != null) {
                votes.merge(member.serverAssignor(), 1, Integer::sum);
            }
        }
        String preferred = settings.defaultAssignor();
        int best = 0;
        for (Map.Entry<String, Integer> vote : votes.entrySet()) {
            if (vote.getValue() > best) {
                preferred = vote.getKey();
                best = vote.getValue();
            }
        }
        return preferred;
    }
}
