package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.PartitionSet;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.registry.DowntimeCause;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Who holds each partition and whether that holder can work on it, for partitionDowntimeMs and its
 * causes. A partition is down when no member holds it (cause rebalance, or noMembers when no pod
 * runs), or when its holder is dead, paused or cut off. A dead holder keeps the partition until it
 * is revoked from it, lost, or the coordinator removes the member: also after the pod has started a
 * new process, which is a new member of the group (a dynamic pod), so the time the group waits for
 * the old member's session to expire counts as deadOwner, not as rebalance.
 *
 * <p>A partition's cause depends only on its holder, the holder's state and whether any pod runs, so
 * {@link #reevaluate} re-derives only the partitions whose holder or holder's state changed since
 * the last call (all of them when "any pod runs" flips): the cost of a state change is the changed
 * pod's partitions, not every partition of the group. Sums and maxima do not depend on the order.
 */
final class PartitionAvailability {

    private final MeasureWindow window;
    private final PartitionMap<Slot> slots = new PartitionMap<>();
    /** Each holder's partitions, in partition order (the order their intervals are released in). */
    private final Map<String, PartitionSet> heldBy = new HashMap<>();
    /** The slots an ended process's member still holds in the group, by that member's id. */
    private final Map<String, List<Slot>> heldByEndedMember = new HashMap<>();
    /** Slots to re-derive at the next {@link #reevaluate}. */
    private final List<Slot> dirty = new ArrayList<>();
    private Boolean lastAnyPodRunning;
    /** Downtime by cause, indexed by {@link DowntimeCause#ordinal()} (a sum per partition change: not boxed). */
    private final long[] downtimeByCauseMs = new long[DowntimeCause.values().length];
    private final BoundedIntervals<String, Series.OwnershipInterval> ownership = new BoundedIntervals<>(
            Series.OwnershipInterval::new, Series.OwnershipInterval::member, Series.OwnershipInterval::fromMs,
            Series.OwnershipInterval::toMs, this::partitionCount);
    /** Partitions per band of the partitions-by-state chart, counted as their causes change. */
    private final StateCounts counts = new StateCounts(Series.PARTITION_BANDS, Series.PROCESSED);
    private long downtimeMs;
    private long maxDowntimeMs;

    /** Hears a partition go down or come back (the Streams tasks that read it follow it). */
    interface CauseListener {
        void causeChanged(TopicPartition tp, DowntimeCause before, DowntimeCause after, long nowMs);
    }

    private CauseListener causeListener = (tp, before, after, nowMs) -> { };

    PartitionAvailability(MeasureWindow window) {
        this.window = window;
    }

    void listen(CauseListener listener) {
        this.causeListener = listener;
    }

    private static final class Slot {
        final TopicPartition tp;
        /** The partition's row of the ownership series. */
        final BoundedIntervals.Row<String> row;
        boolean dirty;
        String holder;
        /**
         * The member id of an ended process that the group still counts as this partition's owner while no
         * running process holds it (its pod runs a new process, a new member), or null.
         */
        String endedMember;
        /** The holder's entry of {@code heldBy}, kept here so a release needs no lookup by pod. */
        PartitionSet holderSet;
        long heldSinceMs;
        DowntimeCause cause;
        long causeSinceMs;
        long downSinceMs = -1;
        /** Whether the partition is in {@code counts} yet: from its first derived cause on. */
        boolean counted;
        /** Whether its topic was deleted: whoever still holds it, it counts for nothing from then on. */
        boolean deleted;

        Slot(TopicPartition tp, BoundedIntervals.Row<String> row) {
            this.tp = tp;
            this.row = row;
        }
    }

    private Slot slot(TopicPartition tp) {
        Slot slot = slots.get(tp);
        if (slot == null) {
            slot = new Slot(tp, ownership.row(tp.toString()));
            slots.put(tp, slot);
        }
        return slot;
    }

    private void markDirty(Slot slot) {
        if (!slot.dirty) {
            slot.dirty = true;
            dirty.add(slot);
        }
    }

    void addPartitions(List<TopicPartition> partitions, long nowMs) {
        for (TopicPartition tp : partitions) {
            Slot slot = slot(tp);
            slot.causeSinceMs = nowMs;
            markDirty(slot);
        }
    }

    /**
     * The partitions' topic was deleted: their downtime stops at the deletion. A member still holds them until an
     * assignment takes them away (a classic group notices at its leader's next metadata refresh), and the ownership
     * series shows it, but that holding counts for nothing.
     */
    void deletePartitions(List<TopicPartition> partitions, long nowMs) {
        for (TopicPartition tp : partitions) {
            Slot slot = slots.get(tp);
            if (slot == null) {
                continue;
            }
            closeCause(slot, nowMs);
            if (slot.downSinceMs >= 0) {
                closeDownSpan(slot, nowMs);
            }
            counts.move(nowMs, slot.counted ? band(slot.cause) : StateCounts.NONE, StateCounts.NONE);
            slot.cause = null;
            slot.counted = false;
            slot.deleted = true;
        }
    }

    void hold(String pod, List<TopicPartition> partitions, long nowMs) {
        PartitionSet held = heldBy.computeIfAbsent(pod, k -> new PartitionSet());
        for (TopicPartition tp : partitions) {
            Slot slot = slot(tp);
            release(slot, nowMs);
            slot.endedMember = null;
            slot.holder = pod;
            slot.holderSet = held;
            slot.heldSinceMs = nowMs;
            held.add(tp);
            markDirty(slot);
        }
    }

    void releaseAll(String pod, List<TopicPartition> partitions, long nowMs) {
        for (TopicPartition tp : partitions) {
            Slot slot = slots.get(tp);
            if (slot != null && pod.equals(slot.holder)) {
                release(slot, nowMs);
            }
        }
    }

    void releaseEverythingOf(String pod, long nowMs) {
        PartitionSet held = heldBy.get(pod);
        if (held != null) {
            for (TopicPartition tp : held.toList()) {
                release(slots.get(tp), nowMs);
            }
        }
    }

    /**
     * A pod started a new process that is not the member its ended process was: what that process held stays
     * its member's in the group, down with a dead owner, until the coordinator removes that member or gives the
     * partition to another. A dynamic pod's new process is a new member, which holds nothing yet
     * ({@code stillShownAsThePods} false: the pod's row of the chart series ends here); a static member whose
     * crashed member a broker-driven coordinator keeps (UNRELEASED_INSTANCE_ID) still shows as the pod's. With
     * {@code endedMemberId} null (the coordinator removed that member already) the partitions are just released.
     */
    void newProcessOf(String pod, String endedMemberId, boolean stillShownAsThePods, long nowMs) {
        PartitionSet held = heldBy.get(pod);
        if (held == null) {
            return;
        }
        if (endedMemberId == null) {
            releaseEverythingOf(pod, nowMs);
            return;
        }
        for (TopicPartition tp : held.toList()) {
            Slot slot = slots.get(tp);
            if (!stillShownAsThePods) {
                release(slot, nowMs);
            }
            slot.endedMember = endedMemberId;
            heldByEndedMember.computeIfAbsent(endedMemberId, id -> new ArrayList<>()).add(slot);
            markDirty(slot);
        }
    }

    /** The coordinator removed a member: an ended process's partitions are the group's to give out again. */
    void memberRemoved(String memberId, long nowMs) {
        List<Slot> held = heldByEndedMember.remove(memberId);
        if (held != null) {
            for (Slot slot : held) {
                if (memberId.equals(slot.endedMember)) {
                    slot.endedMember = null;
                    release(slot, nowMs);
                    markDirty(slot);
                }
            }
        }
    }

    /** The pod's state changed: its partitions' causes may have too (not between two working states). */
    void holderStateChanged(String pod, MemberState before, MemberState after) {
        if (Objects.equals(holderCause(before), holderCause(after))) {
            return;
        }
        PartitionSet held = heldBy.get(pod);
        if (held != null) {
            held.forEach(tp -> markDirty(slots.get(tp)));
        }
    }

    private void release(Slot slot, long nowMs) {
        if (slot.holder != null) {
            ownership.add(slot.row, slot.holder, slot.heldSinceMs, nowMs);
            slot.holderSet.remove(slot.tp);
            slot.holder = null;
            slot.holderSet = null;
            markDirty(slot);
        }
    }

    /** Re-derives every partition's cause from its holder's state; {@code stateOf} gives a pod's state. */
    void reevaluate(Function<String, MemberState> stateOf, boolean anyPodRunning, long nowMs) {
        if (lastAnyPodRunning == null || lastAnyPodRunning != anyPodRunning) {
            lastAnyPodRunning = anyPodRunning;
            slots.forEach((tp, slot) -> markDirty(slot));
        }
        // The dirty slots come a pod's partitions at a time: its state is looked up once per run of them.
        String lastHolder = null;
        MemberState lastState = null;
        for (Slot slot : dirty) {
            slot.dirty = false;
            if (slot.deleted) {
                continue;
            }
            DowntimeCause cause;
            if (slot.endedMember != null) {
                cause = DowntimeCause.DEAD_OWNER;
            } else if (slot.holder == null) {
                cause = anyPodRunning ? DowntimeCause.REBALANCE : DowntimeCause.NO_MEMBERS;
            } else {
                if (!slot.holder.equals(lastHolder)) {
                    lastHolder = slot.holder;
                    lastState = stateOf.apply(lastHolder);
                }
                cause = holderCause(lastState);
            }
            rederive(slot, cause, nowMs);
        }
        dirty.clear();
    }

    private void rederive(Slot slot, DowntimeCause cause, long nowMs) {
        counts.move(nowMs, slot.counted ? band(slot.cause) : StateCounts.NONE, band(cause));
        slot.counted = true;
        if (!Objects.equals(cause, slot.cause)) {
            closeCause(slot, nowMs);
            causeListener.causeChanged(slot.tp, slot.cause, cause, nowMs);
            slot.cause = cause;
            slot.causeSinceMs = nowMs;
            if (cause != null && slot.downSinceMs < 0) {
                slot.downSinceMs = nowMs;
            } else if (cause == null && slot.downSinceMs >= 0) {
                closeDownSpan(slot, nowMs);
            }
        }
    }

    /** The partitions-by-state band of a partition down for {@code cause} (null: processed). */
    private static int band(DowntimeCause cause) {
        if (cause == null) {
            return Series.PROCESSED;
        }
        return switch (cause) {
            case REBALANCE, NO_MEMBERS -> Series.NO_OWNER;
            default -> Series.OWNER_NOT_RUNNING;
        };
    }

    List<Series.CountStep> counts() {
        return counts.steps();
    }

    /** Why a partition held by a pod in this state is down, or null when the pod can work on it. */
    private static DowntimeCause holderCause(MemberState state) {
        return switch (state) {
            case DOWN -> DowntimeCause.DEAD_OWNER;
            case PAUSED -> DowntimeCause.PAUSED_OWNER;
            case UNREACHABLE -> DowntimeCause.UNREACHABLE_OWNER;
            default -> null;
        };
    }

    private void closeCause(Slot slot, long nowMs) {
        if (slot.cause != null) {
            long overlap = window.overlapMs(slot.causeSinceMs, nowMs);
            downtimeMs += overlap;
            downtimeByCauseMs[slot.cause.ordinal()] += overlap;
        }
    }

    private void closeDownSpan(Slot slot, long nowMs) {
        maxDowntimeMs = Math.max(maxDowntimeMs, window.overlapMs(slot.downSinceMs, nowMs));
        slot.downSinceMs = -1;
    }

    void finish(long endMs) {
        slots.forEach((tp, slot) -> {
            closeCause(slot, endMs);
            slot.cause = null;
            if (slot.downSinceMs >= 0) {
                closeDownSpan(slot, endMs);
            }
            release(slot, endMs);
        });
        dirty.forEach(slot -> slot.dirty = false);
        dirty.clear();
    }

    long downtimeMs() {
        return downtimeMs;
    }

    long maxDowntimeMs() {
        return maxDowntimeMs;
    }

    /** Downtime per cause, in {@link DowntimeCause} order. */
    long[] downtimeByCauseMs() {
        return downtimeByCauseMs.clone();
    }

    private int partitionCount() {
        return slots.size();
    }

    /** Who held each partition when: exact, or resampled for a partition that changed hands very often. */
    List<Series.OwnershipInterval> ownership() {
        return ownership.intervals();
    }
}
