package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Who holds each partition and whether that holder can work on it, for partitionDowntimeMs and its
 * causes. A partition is down when no member holds it (cause rebalance, or noMembers when no pod
 * runs), or when its holder is dead, paused or cut off. A dead holder keeps the partition until it
 * is revoked from it, lost, or the coordinator removes the member.
 */
final class PartitionAvailability {

    static final List<String> CAUSES = List.of("rebalance", "deadOwner", "pausedOwner", "unreachableOwner", "noMembers");

    private final MeasureWindow window;
    private final Map<TopicPartition, Slot> slots = new TreeMap<>();
    private final Map<String, Long> downtimeByCause = new LinkedHashMap<>();
    private final List<Series.OwnershipInterval> ownership = new ArrayList<>();
    private long downtimeMs;
    private long maxDowntimeMs;

    PartitionAvailability(MeasureWindow window) {
        this.window = window;
        CAUSES.forEach(cause -> downtimeByCause.put(cause, 0L));
    }

    private static final class Slot {
        String holder;
        long heldSinceMs;
        String cause;
        long causeSinceMs;
        long downSinceMs = -1;
    }

    void addPartitions(List<TopicPartition> partitions, long nowMs) {
        for (TopicPartition tp : partitions) {
            slots.computeIfAbsent(tp, k -> new Slot()).causeSinceMs = nowMs;
        }
    }

    void hold(String pod, List<TopicPartition> partitions, long nowMs) {
        for (TopicPartition tp : partitions) {
            Slot slot = slots.computeIfAbsent(tp, k -> new Slot());
            release(tp, slot, nowMs);
            slot.holder = pod;
            slot.heldSinceMs = nowMs;
        }
    }

    void releaseAll(String pod, List<TopicPartition> partitions, long nowMs) {
        for (TopicPartition tp : partitions) {
            Slot slot = slots.get(tp);
            if (slot != null && pod.equals(slot.holder)) {
                release(tp, slot, nowMs);
            }
        }
    }

    void releaseEverythingOf(String pod, long nowMs) {
        slots.forEach((tp, slot) -> {
            if (pod.equals(slot.holder)) {
                release(tp, slot, nowMs);
            }
        });
    }

    private void release(TopicPartition tp, Slot slot, long nowMs) {
        if (slot.holder != null) {
            ownership.add(new Series.OwnershipInterval(tp.toString(), slot.holder, slot.heldSinceMs, nowMs));
            slot.holder = null;
        }
    }

    /** Re-derives every partition's cause from its holder's state; {@code stateOf} gives a pod's state. */
    void reevaluate(Function<String, MemberState> stateOf, boolean anyPodRunning, long nowMs) {
        slots.forEach((tp, slot) -> {
            String cause = causeOf(slot, stateOf, anyPodRunning);
            if (!java.util.Objects.equals(cause, slot.cause)) {
                closeCause(slot, nowMs);
                slot.cause = cause;
                slot.causeSinceMs = nowMs;
                if (cause != null && slot.downSinceMs < 0) {
                    slot.downSinceMs = nowMs;
                } else if (cause == null && slot.downSinceMs >= 0) {
                    closeDownSpan(slot, nowMs);
                }
            }
        });
    }

    private static String causeOf(Slot slot, Function<String, MemberState> stateOf, boolean anyPodRunning) {
        if (slot.holder == null) {
            return anyPodRunning ? "rebalance" : "noMembers";
        }
        return switch (stateOf.apply(slot.holder)) {
            case DOWN -> "deadOwner";
            case PAUSED -> "pausedOwner";
            case UNREACHABLE -> "unreachableOwner";
            default -> null;
        };
    }

    private void closeCause(Slot slot, long nowMs) {
        if (slot.cause != null) {
            long overlap = window.overlapMs(slot.causeSinceMs, nowMs);
            downtimeMs += overlap;
            downtimeByCause.merge(slot.cause, overlap, Long::sum);
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
            release(tp, slot, endMs);
        });
    }

    long downtimeMs() {
        return downtimeMs;
    }

    long maxDowntimeMs() {
        return maxDowntimeMs;
    }

    Map<String, Long> downtimeByCause() {
        return downtimeByCause;
    }

    List<Series.OwnershipInterval> ownership() {
        return ownership;
    }
}
