package org.rebalancesim.consumer;

import java.util.List;
import java.util.function.LongConsumer;
import org.rebalancesim.events.ListenerCallback;
import org.rebalancesim.events.PodEvents.ListenerCalled;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.ListenerSpec;

/**
 * The application's ConsumerRebalanceListener of one process (consumers.listener): each call takes a time drawn
 * from the pod's own stream {@code "listener-<callback>:<pod>:<incarnation>"}, on the application thread, where
 * Kafka calls it (ConsumerRebalanceListenerInvoker from inside poll(); docs/kafka-semantics.md §6, §17). While it
 * runs the thread neither polls nor processes, so the poll timer is not reset, and the heartbeat thread goes on.
 * A callback that takes no time runs its continuation at once, exactly as before the listener was modelled.
 */
final class RebalanceCallbacks {

    private final ConsumerProcessBase member;
    private final CallbackDraws revoked;
    private final CallbackDraws assigned;
    private final CallbackDraws lost;

    RebalanceCallbacks(ConsumerProcessBase member, ListenerSpec.Callbacks callbacks, int incarnation) {
        this.member = member;
        String process = member.pod + ":" + incarnation;
        this.revoked = new CallbackDraws(callbacks.onPartitionsRevoked(), member.ctx.seed(), "listener-revoked", process);
        this.assigned = new CallbackDraws(callbacks.onPartitionsAssigned(), member.ctx.seed(), "listener-assigned",
                process);
        this.lost = new CallbackDraws(callbacks.onPartitionsLost(), member.ctx.seed(), "listener-lost", process);
    }

    /**
     * One callback's draws: its base time from the stream {@code "<purpose>:<pod>:<n>"} (as before per-partition
     * times existed, so adding one changes no base draw) and each partition's from {@code
     * "<purpose>-per-partition:<pod>:<n>"}.
     */
    private static final class CallbackDraws {
        private final DurationDraws base;
        private final DurationDraws perPartition;

        CallbackDraws(ListenerSpec.CallbackTime time, long seed, String purpose, String process) {
            this.base = new DurationDraws(time.base(), seed, purpose, process);
            this.perPartition = new DurationDraws(time.perPartition(), seed, purpose + "-per-partition", process);
        }

        long nextMs(int partitions) {
            long ms = base.nextMs();
            if (perPartition.isConstant()) {
                // Nothing to draw: the common case (no per-partition time) costs no loop over the partitions.
                return ms + partitions * perPartition.nextMs();
            }
            for (int i = 0; i < partitions; i++) {
                ms += perPartition.nextMs();
            }
            return ms;
        }
    }

    /** The next call's time for {@code partitions} partitions; none for no call (null). */
    long drawMs(ListenerCallback callback, int partitions) {
        if (callback == null) {
            return 0;
        }
        return switch (callback) {
            case REVOKED -> revoked.nextMs(partitions);
            case ASSIGNED -> assigned.nextMs(partitions);
            case LOST -> lost.nextMs(partitions);
        };
    }

    /**
     * Calls {@code callback} (null: none, so no time) for {@code partitions}: {@code atStart} gets the call's time as it begins (the
     * member stops working on partitions it gives up there) and {@code then} gets it once the call has returned (the
     * member starts on partitions it gets there). A call that takes time holds the application thread: it
     * starts at once unless the thread is busy with a batch or another callback, else at its next poll(), and the member can process none of
     * its partitions meanwhile (blocked; the continuation says what it may process after).
     */
    void call(ListenerCallback callback, List<TopicPartition> partitions, LongConsumer atStart, LongConsumer then) {
        long ms = drawMs(callback, partitions.size());
        if (ms == 0) {
            atStart.accept(0);
            then.accept(0);
            return;
        }
        member.pollLoop.whenThreadFree(() -> {
            member.ctx.events().publish(new Story(member.pod, StoryKind.LISTENER_CALLBACK, ms, callback.method() + "("
                    + partitions.size() + " partition" + (partitions.size() == 1 ? "" : "s") + ") runs " + ms
                    + " ms on the application thread: no poll(), no processing meanwhile"));
            member.ctx.events().publish(new ListenerCalled(member.pod, callback, ms));
            atStart.accept(ms);
            member.setBlocked(true);
            member.pollLoop.holdThread(ms, () -> then.accept(ms));
        });
    }
}
