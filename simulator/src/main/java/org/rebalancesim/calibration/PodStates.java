package org.rebalancesim.calibration;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.CommitFailed;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsLost;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodBlocked;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodRebalanceFailed;
import org.rebalancesim.events.PodEvents.PodRebalanceStarted;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.protocol.RebalanceModel;

/**
 * The pods of a replay: turns each pod's events into the events a simulated pod publishes (state,
 * blocked, callbacks, rebalance rounds). Blocked follows docs/metrics.md: eager, from {@code started},
 * {@code joining} or a {@code lost} (it must rejoin) to its {@code assigned}; cooperative and the
 * consumer protocol, whenever the member owns nothing. The recorder counts it as stop-the-world only
 * while the group rebalances.
 */
final class PodStates {

    private static final class Pod {
        boolean alive;
        boolean paused;
        boolean blocked;
        int completedGeneration = -1;
        final SortedSet<TopicPartition> owned = new TreeSet<>();
    }

    private final EventReplay replay;
    private final GroupEvents events;
    private final Map<String, Pod> pods = new HashMap<>();

    PodStates(EventReplay replay) {
        this.replay = replay;
        this.events = replay.events;
    }

    boolean anyAlive() {
        return pods.values().stream().anyMatch(pod -> pod.alive);
    }

    void apply(int index, MeasuredEvent event) {
        String name = event.pod();
        PodLife life = replay.log.lifeOf(index);
        if (name == null || life == null) {
            if (name != null && !"cluster".equals(name) && !"polled".equals(event.type())
                    && !"processed".equals(event.type()) && !MeasuredLog.NOT_THE_CONSUMERS.contains(event.type())) {
                events.publish(Story.of(name, event.type() + " (not running)"));
            }
            return;
        }
        Pod pod = pods.computeIfAbsent(name, k -> new Pod());
        boolean closing = life.closingAt(event.atMs());
        List<TopicPartition> partitions = MeasuredLog.partitions(event.partitions());
        switch (event.type()) {
            case "started" -> start(name, pod);
            case "joining" -> {
                events.publish(new PodRebalanceStarted(name));
                pod.blocked = replay.log.kind == RebalanceModel.EAGER || pod.owned.isEmpty();
            }
            case "assigned" -> assigned(name, pod, event, partitions, closing);
            case "revoked" -> {
                completeRound(name, pod, event, closing);
                events.publish(new PartitionsRevoked(name, partitions, 0));
                partitions.forEach(pod.owned::remove);
                // close() revokes everything before its LeaveGroup: a member shutting down, not one the
                // rebalance holds up (as a simulated pod's close).
                if (replay.log.kind != RebalanceModel.EAGER) {
                    pod.blocked = !closing && pod.owned.isEmpty();
                }
            }
            case "lost" -> {
                events.publish(new PartitionsLost(name, partitions));
                partitions.forEach(pod.owned::remove);
                if (!closing) {
                    events.publish(new PodRebalanceFailed(name));
                    pod.blocked = replay.log.kind == RebalanceModel.EAGER || pod.owned.isEmpty();
                }
            }
            case "paused" -> pod.paused = true;
            case "resumed" -> pod.paused = false;
            case "killed", "closed", "fatal" -> {
                String what = event.type() + (event.error() != null ? ": " + event.error() : "");
                // A kill is a crash to the recorder (a static member's next process may be refused, RunRecorder).
                events.publish(event.type().equals("killed") ? new Story(name, StoryKind.CRASHED, -1, what)
                        : Story.of(name, what));
                pod.alive = false;
                pod.paused = false;
                pod.blocked = false;
                pod.owned.clear();
            }
            case "commitFailed" -> {
                events.publish(Story.of(name, "commit failed: " + event.error()));
                String exception = event.error() == null ? "" : event.error().split(":", 2)[0];
                CommitFailure failure = CommitFailure.ofException(exception);
                if (failure != null) {
                    events.publish(new CommitFailed(name, failure, exception));
                }
            }
            case "stopRequested" -> events.publish(Story.of(name, "stopping (close())"));
            case "slowRecord" -> events.publish(Story.of(name, "next record is slow"));
            default -> {
            }
        }
        refresh(name, pod);
    }

    private void start(String name, Pod pod) {
        pod.alive = true;
        pod.paused = false;
        pod.owned.clear();
        pod.completedGeneration = -1;
        pod.blocked = true;
        events.publish(Story.of(name, "started"));
        refresh(name, pod);
        events.publish(new PodRebalanceStarted(name));
    }

    private void assigned(String name, Pod pod, MeasuredEvent event, List<TopicPartition> partitions, boolean closing) {
        completeRound(name, pod, event, closing);
        if (replay.log.kind == RebalanceModel.EAGER && !pod.owned.isEmpty()) {
            List<TopicPartition> stale = List.copyOf(pod.owned);
            pod.owned.clear();
            events.publish(new PartitionsRevoked(name, stale, 0));
        }
        events.publish(new PartitionsAssigned(name, partitions, 0));
        pod.owned.addAll(partitions);
        pod.blocked = replay.log.kind != RebalanceModel.EAGER && pod.owned.isEmpty();
    }

    /** The first callback of a new generation ends the member's round (Kafka's rebalance-latency). */
    private void completeRound(String name, Pod pod, MeasuredEvent event, boolean closing) {
        if (!closing && event.generation() > pod.completedGeneration) {
            pod.completedGeneration = event.generation();
            events.publish(new PodRebalanceCompleted(name, event.generation()));
        }
    }

    /** A pod's shown state again, after something outside its own events changed it (its tasks). */
    void refresh(String name) {
        Pod pod = pods.get(name);
        if (pod != null) {
            refresh(name, pod);
        }
    }

    private void refresh(String name, Pod pod) {
        events.publish(new PodBlocked(name, pod.alive && pod.blocked));
        MemberState state = !pod.alive ? MemberState.DOWN
                : pod.paused ? MemberState.PAUSED
                : pod.blocked ? MemberState.REBALANCING
                : replay.tasks.restoringOnly(name, pod.owned) ? MemberState.RESTORING : MemberState.CONSUMING;
        events.publish(new PodStateChanged(name, state));
    }
}
