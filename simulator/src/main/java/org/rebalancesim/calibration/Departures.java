package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.Variant;

/**
 * How members left the group in a measured run, inferred because the coordinator's decisions are not
 * visible to the clients.
 * <ul>
 *   <li><b>Poll timeout</b>: two consecutive {@code polled} events of one life more than its
 *       max.poll.interval.ms apart, with no pause (SIGSTOP) in between, and either a {@code lost}
 *       callback between them (the member left, and found out at its next poll) or no next poll at all
 *       (it was killed, closed or the run ended first) after a poll that returned records and no
 *       rebalance callback before the timer expired (it was processing, not waiting in poll()). It
 *       happens at the earlier poll plus max.poll.interval.ms, when the heartbeat thread sends
 *       LeaveGroup (or when the coordinator's log says it took that LeaveGroup, when it was read).</li>
 *   <li><b>Eviction after a {@code lost}</b>: a {@code lost} callback that is not the poll timeout's
 *       and not part of close(). The coordinator removed the member earlier: at the earliest of the
 *       callback, the start of a pause since its previous poll plus its session timeout (a GC pause),
 *       and the first rebalance since its previous poll that gave one of the lost partitions to
 *       another pod; when the coordinator's log was read, its own line for the removal (session expiry)
 *       replaces the pause's bound.</li>
 *   <li><b>Eviction of a dead member</b>: a life that ends without leaving (SIGKILL, a fatal error, or
 *       a close that sends no LeaveGroup: a static member's, a Kafka Streams instance's without CloseOptions
 *       LEAVE_GROUP) after it had an assignment, at the earlier
 *       of its end plus its session timeout and the first rebalance after its end that gave one of its
 *       partitions to another pod (or at the coordinator's line for the removal, when its log was read,
 *       which the last heartbeat's phase puts earlier); not when it had left on a poll timeout since its
 *       last assignment.
 *       A static member that starts again before then is not evicted
 *       (its new process takes the old one's place).</li>
 *   <li><b>Leaving</b>: a dynamic member's close (at {@code closed}, or at the coordinator's line for its
 *       LeaveGroup, which comes before close() returns) and a poll timeout: not evictions.</li>
 * </ul>
 */
final class Departures {

    enum Kind {
        /** Session timeout: the coordinator heard nothing (dead, paused). */
        SESSION_TIMEOUT,
        /** Alive but did not rejoin within the rebalance timeout (busy). */
        REBALANCE_TIMEOUT,
        /** The member left: LeaveGroup on close() or on its poll timeout. */
        LEFT;

        boolean isEviction() {
            return this != LEFT;
        }
    }

    /** A member left the group at {@code atMs}; {@code pollTimeout} when its poll timer expired. */
    record Departure(String pod, long atMs, Kind kind, boolean pollTimeout) {
    }

    private static final Set<String> CALLBACKS = Set.of("joining", "assigned", "revoked", "lost");

    private final MeasuredLog log;
    private final Variant variant;
    private final List<Completions.Completion> completions;
    private final Set<Integer> pollTimeoutLosts = new HashSet<>();
    private final List<Departure> departures = new ArrayList<>();
    /** The coordinator's lines about members leaving or removed, in time order (none without its log). */
    private final List<MeasuredEvent> removalsAndLeaves;

    private Departures(MeasuredLog log, Variant variant, List<Completions.Completion> completions) {
        this.log = log;
        this.variant = variant;
        this.completions = completions;
        this.removalsAndLeaves = log.events.stream().filter(event -> CoordinatorLog.REMOVED.equals(event.type())
                || CoordinatorLog.LEFT.equals(event.type())).toList();
    }

    /** Every departure within the run, in time order. */
    static List<Departure> of(MeasuredLog log, Variant variant, List<Completions.Completion> completions) {
        Departures inference = new Departures(log, variant, completions);
        for (PodLife life : log.allLives()) {
            inference.pollTimeouts(life);
        }
        for (PodLife life : log.allLives()) {
            inference.evictionsAfterLost(life);
            inference.end(life);
        }
        List<Departure> all = new ArrayList<>(inference.departures);
        all.removeIf(d -> d.atMs() > variant.durationMs());
        all.sort(Comparator.comparingLong(Departure::atMs));
        return all;
    }

    private void pollTimeouts(PodLife life) {
        List<Integer> polls = ofType(life, "polled");
        List<Integer> losts = ofType(life, "lost");
        long maxPollMs = variant.consumers().configOf(life.pod).maxPollIntervalMs();
        int nextLost = 0;
        for (int k = 0; k < polls.size(); k++) {
            int poll = polls.get(k);
            Integer next = k + 1 < polls.size() ? polls.get(k + 1) : null;
            while (nextLost < losts.size() && losts.get(nextLost) < poll) {
                nextLost++;
            }
            // The first lost after this poll, if it comes before the next poll.
            Integer lost = nextLost < losts.size() && (next == null || losts.get(nextLost) < next)
                    ? losts.get(nextLost) : null;
            long fromMs = log.get(poll).atMs();
            long expiresMs = fromMs + maxPollMs;
            long untilMs = next != null ? log.get(next).atMs() : Math.min(life.endMs, variant.durationMs() + 1);
            if (expiresMs >= untilMs || life.pausedWithin(fromMs, expiresMs) || (next != null && lost == null)
                    || (next == null && !busyAfter(life, poll, expiresMs))) {
                continue;
            }
            if (lost != null) {
                pollTimeoutLosts.add(lost);
            }
            long leftMs = coordinatorLine(CoordinatorLog.LEFT, life.pod, expiresMs, untilMs);
            departures.add(new Departure(life.pod, leftMs >= 0 ? leftMs : expiresMs, Kind.LEFT, true));
        }
    }

    /**
     * Without a next poll to confirm it, a poll timeout needs the member to have been working: its
     * last poll returned records and no rebalance callback followed before the timer expired (a
     * member blocked in a rebalance sits in poll(); a worker may log only polls that return records).
     */
    private boolean busyAfter(PodLife life, int poll, long expiresMs) {
        if (log.get(poll).records() == 0) {
            return false;
        }
        for (int index : life.events) {
            MeasuredEvent event = log.get(index);
            if (index > poll && event.atMs() <= expiresMs && CALLBACKS.contains(event.type())) {
                return false;
            }
        }
        return true;
    }

    private List<Integer> ofType(PodLife life, String type) {
        return life.events.stream().filter(i -> type.equals(log.get(i).type())).toList();
    }

    private void evictionsAfterLost(PodLife life) {
        long lastPollMs = life.startMs;
        for (int index : life.events) {
            MeasuredEvent event = log.get(index);
            if ("polled".equals(event.type())) {
                lastPollMs = event.atMs();
            }
            if (!"lost".equals(event.type()) || pollTimeoutLosts.contains(index) || life.closingAt(event.atMs())) {
                continue;
            }
            long atMs = event.atMs();
            Kind kind = Kind.REBALANCE_TIMEOUT;
            long pauseStart = life.lastPauseStartIn(lastPollMs - 1, atMs);
            if (pauseStart >= 0 && pauseStart + sessionTimeoutMs(life) < atMs) {
                atMs = pauseStart + sessionTimeoutMs(life);
                kind = Kind.SESSION_TIMEOUT;
            }
            long removedMs = coordinatorLine(CoordinatorLog.REMOVED, life.pod, lastPollMs, atMs);
            if (removedMs >= 0) {
                atMs = removedMs;
                kind = Kind.SESSION_TIMEOUT;
            }
            Completions.Completion moved = Completions.firstMovingAway(completions, lastPollMs, life.pod,
                    new TreeSet<>(MeasuredLog.partitions(event.partitions())));
            if (moved != null && moved.atMs() < atMs) {
                atMs = moved.atMs();
            }
            departures.add(new Departure(life.pod, atMs, kind, false));
        }
    }

    private void end(PodLife life) {
        if (life.endType == null || "restarted".equals(life.endType)) {
            return;
        }
        if (!life.endsWithoutLeaving()) {
            long leftMs = coordinatorLine(CoordinatorLog.LEFT, life.pod,
                    life.stopRequestedMs >= 0 ? life.stopRequestedMs : life.startMs, life.endMs);
            departures.add(new Departure(life.pod, leftMs >= 0 ? leftMs : life.endMs, Kind.LEFT, false));
            return;
        }
        if (!isMemberAtEnd(life)) {
            return;
        }
        Set<TopicPartition> owned = log.ownedAtEnd(life);
        long atMs = life.endMs + sessionTimeoutMs(life);
        long removedMs = coordinatorLine(CoordinatorLog.REMOVED, life.pod, life.endMs, atMs);
        if (removedMs >= 0) {
            atMs = removedMs;
        }
        Completions.Completion moved = Completions.firstMovingAway(completions, life.endMs, life.pod, owned);
        if (moved != null && moved.atMs() < atMs) {
            atMs = moved.atMs();
        }
        if (life.isStatic && restartsBefore(life, atMs)) {
            return;
        }
        departures.add(new Departure(life.pod, atMs, Kind.SESSION_TIMEOUT, false));
    }

    /** It had an assignment, and did not leave on a poll timeout after its last one. */
    private boolean isMemberAtEnd(PodLife life) {
        long lastAssignedMs = -1;
        for (int index : life.events) {
            if ("assigned".equals(log.get(index).type())) {
                lastAssignedMs = log.get(index).atMs();
            }
        }
        long assignedMs = lastAssignedMs;
        return assignedMs >= 0 && departures.stream().noneMatch(d -> d.pollTimeout() && d.pod().equals(life.pod)
                && d.atMs() >= assignedMs && d.atMs() <= life.endMs);
    }

    private boolean restartsBefore(PodLife life, long atMs) {
        return log.lives.get(life.pod).stream().anyMatch(next -> next.startMs >= life.endMs && next.startMs < atMs
                && next != life);
    }

    /**
     * The time of the coordinator's first line of {@code type} about the pod's member between the two
     * times, or -1 (no such line, or no coordinator's log): it removed the member on session expiry (up
     * to a heartbeat interval before the bound the clients' events give, by the last heartbeat's phase),
     * or took its LeaveGroup (before its close() returned).
     */
    private long coordinatorLine(String type, String pod, long fromMs, long untilMs) {
        for (MeasuredEvent event : removalsAndLeaves) {
            if (event.atMs() > untilMs) {
                break;
            }
            if (event.atMs() >= fromMs && type.equals(event.type()) && pod.equals(event.pod())) {
                return event.atMs();
            }
        }
        return -1;
    }

    private long sessionTimeoutMs(PodLife life) {
        return VariantProtocol.of(variant).sessionTimeoutMs(variant.consumers().configOf(life.pod), variant.cluster());
    }
}
