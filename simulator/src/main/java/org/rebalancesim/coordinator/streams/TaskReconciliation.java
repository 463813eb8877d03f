package org.rebalancesim.coordinator.streams;

import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.rebalancesim.partition.TaskId;

/**
 * One reconciliation step of a streams group member towards its target assignment: a pure function, Kafka's
 * streams CurrentAssignmentBuilder (group-coordinator streams/CurrentAssignmentBuilder.java, 4.4.0;
 * docs/kafka-semantics.md §27).
 *
 * <p>Per role (active, standby, warm-up): assigned = current ∩ target; revoke = current − assigned;
 * toAssign = target − assigned − unreleased (isUnreleasedActiveTask and friends). An active task is unreleased
 * while any member holds it active or another member of the same process holds it as a standby or warm-up (the
 * member's own standby of it does not block: it is promoted, and kept as a standby until the active is granted,
 * keepPromotedTasksUntilGranted); a standby or warm-up while another member of the same process holds it in any
 * role. Revocation first (the member keeps its epoch, or its epoch + 1 right after a revocation), else the
 * member takes the target epoch, UNRELEASED_TASKS if anything is unreleased.
 *
 * @param targetEpoch   the epoch of the target assignment
 * @param target        the member's tasks in the target assignment
 * @param owned         the tasks the member reported owning, or null when it did not send them (which counts as
 *                      still owning everything)
 * @param heldByProcess who holds what: see {@link Holders}
 */
record TaskReconciliation(int targetEpoch, TaskSets target, TaskSets owned, Holders heldByProcess) {

    /** The coordinator's view of who holds each task now (assigned or pending revocation). */
    interface Holders {
        /** The member holding {@code task} active, or null. */
        StreamsGroupMember activeHolder(TaskId task);

        /** Whether a member of {@code processId} other than {@code memberId} holds {@code task} as a replica. */
        boolean heldAsReplicaByOther(TaskId task, String processId, String memberId);
    }

    /** The member's next state, or {@code member} itself when it cannot move (CurrentAssignmentBuilder.build). */
    StreamsGroupMember next(StreamsGroupMember member) {
        return switch (member.state()) {
            case STABLE -> member.memberEpoch() != targetEpoch ? computeNextAssignment(member, member.memberEpoch())
                    : member;
            // Until the member stops reporting every revoked task it cannot progress; then one epoch up.
            case UNREVOKED_TASKS -> owned == null || owned.containsAny(member.pendingRevocation()) ? member
                    : computeNextAssignment(member, member.memberEpoch() + 1);
            case UNRELEASED_TASKS -> computeNextAssignment(member, member.memberEpoch());
        };
    }

    private StreamsGroupMember computeNextAssignment(StreamsGroupMember member, int memberEpoch) {
        String process = member.processId();
        String self = member.memberId();
        TaskSets current = member.assigned();
        Predicate<TaskId> activeUnreleased = task -> heldByProcess.activeHolder(task) != null
                || heldByProcess.heldAsReplicaByOther(task, process, self);
        Predicate<TaskId> replicaUnreleased = task -> {
            StreamsGroupMember holder = heldByProcess.activeHolder(task);
            return holder != null && !holder.memberId().equals(self) && holder.processId().equals(process)
                    || heldByProcess.heldAsReplicaByOther(task, process, self);
        };
        Difference active = Difference.of(current.active(), target.active(), activeUnreleased);
        Difference standby = Difference.of(current.standby(), target.standby(), replicaUnreleased);
        Difference warmup = Difference.of(current.warmup(), target.warmup(), replicaUnreleased);
        // A standby promoted to active stays a standby until the active is granted, then becomes it.
        SortedSet<TaskId> promoted = new TreeSet<>(standby.revoke);
        promoted.retainAll(target.active());
        promoted.removeAll(active.toAssign);
        standby.revoke.removeAll(target.active());
        standby.kept.addAll(promoted);
        TaskSets revoke = new TaskSets(active.revoke, standby.revoke, warmup.revoke);
        TaskSets kept = new TaskSets(active.kept, standby.kept, warmup.kept);
        TaskSets toAssign = new TaskSets(active.toAssign, standby.toAssign, warmup.toAssign);
        boolean unreleased = active.unreleased || standby.unreleased || warmup.unreleased;

        if (!revoke.isEmpty() && (owned == null || owned.containsAny(revoke))) {
            return member.withAssignment(StreamsMemberState.UNREVOKED_TASKS, memberEpoch, kept, revoke);
        }
        StreamsMemberState state = unreleased ? StreamsMemberState.UNRELEASED_TASKS : StreamsMemberState.STABLE;
        return member.withAssignment(state, targetEpoch, kept.merge(toAssign), TaskSets.EMPTY);
    }

    /** One role's difference between the current and the target tasks. */
    private record Difference(SortedSet<TaskId> kept, SortedSet<TaskId> revoke, SortedSet<TaskId> toAssign,
                              boolean unreleased) {

        static Difference of(SortedSet<TaskId> current, SortedSet<TaskId> target, Predicate<TaskId> isUnreleased) {
            SortedSet<TaskId> kept = new TreeSet<>(current);
            kept.retainAll(target);
            SortedSet<TaskId> revoke = new TreeSet<>(current);
            revoke.removeAll(kept);
            SortedSet<TaskId> toAssign = new TreeSet<>(target);
            toAssign.removeAll(kept);
            boolean unreleased = toAssign.removeIf(isUnreleased);
            return new Difference(kept, revoke, toAssign, unreleased);
        }
    }
}
