package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.clock;
import static org.rebalancesim.explain.TimeText.duration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series.StoryEvent;

/**
 * The settings that would have kept a run's members in the group, each derived from a cause chain the
 * story told (DepartureChains reports them here) and the run's own limits, never a generic tip. Kafka's
 * rules behind the figures (docs/kafka-semantics.md §4, §5, §8):
 * <ul>
 *   <li>the coordinator evicts a member when no heartbeat reached it for the session timeout, and the last
 *   one can have been sent up to a heartbeat interval before a silence began: a silence of S survives a
 *   session longer than S + heartbeat interval;</li>
 *   <li>the poll timer runs from the last poll(): a batch survives a max.poll.interval.ms longer than the
 *   time from that poll() to its last record's end;</li>
 *   <li>a static member that rejoins within its session (counted from its last heartbeat) keeps its
 *   partitions without a rebalance.</li>
 * </ul>
 * Each needed value is rounded up to the next whole second above the figure, so that the heartbeat's and
 * the JoinGroup's few milliseconds of round trip fit in it. One item per kind of fact: the longest one,
 * since a setting that covers it covers the shorter ones.
 */
final class WhatWouldHaveHelped {

    private static final long SECOND_MS = 1000;

    /** A silence (GC pause, network partition) that ended in an eviction. */
    private record Silence(String pod, StoryEvent root) {
    }

    /** A slow record that ended in a poll timeout, and the poll() the timer ran from. */
    private record OutgrownPoll(String pod, StoryEvent record, long lastPollMs, long recordEndMs, long timeoutMs) {
    }

    /** A member that went (stop, crash) and lost its membership, and when it came back. */
    private record Restart(String pod, StoryEvent went, long backMs) {
    }

    private final RunFacts facts;
    private final Limits limits;
    private final List<Silence> silences = new ArrayList<>();
    private final List<OutgrownPoll> polls = new ArrayList<>();
    private final List<Restart> restarts = new ArrayList<>();

    WhatWouldHaveHelped(RunFacts facts, Limits limits) {
        this.facts = facts;
        this.limits = limits;
    }

    /** {@code root} (a GC pause, a partition, a crash, a stop) silenced {@code pod} until its eviction at {@code atMs}. */
    void evictedAfter(String pod, StoryEvent root, long atMs) {
        switch (root.kind()) {
            case GC_PAUSE, NETWORK_PARTITION -> silences.add(new Silence(pod, root));
            // A static member back before the eviction lost its membership otherwise: its session is not why.
            case CRASHED, STOPPING -> cameBack(pod, root).filter(r -> !limits.isStatic(pod) || r.backMs() > atMs)
                    .ifPresent(restarts::add);
            default -> {
                // A fatal error or a poll timeout: no setting of the session would have helped.
            }
        }
    }

    /** A dynamic member that stopped sent a LeaveGroup: static membership would have kept it. */
    void leftOnStop(String pod, StoryEvent stopping) {
        if (!limits.isStatic(pod)) {
            cameBack(pod, stopping).ifPresent(restarts::add);
        }
    }

    /** {@code pod}'s own slow record, started at {@code startedMs}, kept it from polling until its poll timeout. */
    void pollTimedOut(String pod, StoryEvent record, long startedMs, StoryEvent timeout) {
        long lastPollMs = timeout.atMs() - limits.maxPollIntervalMs(pod);
        polls.add(new OutgrownPoll(pod, record, lastPollMs, startedMs + record.durationMs(), timeout.atMs()));
    }

    /**
     * When the pod that went at {@code went} was back: the JoinGroup that started a rebalance of its own,
     * else its restart; nothing when the run has no restart of that pod, so its downtime is unknown.
     */
    private Optional<Restart> cameBack(String pod, StoryEvent went) {
        Optional<StoryEvent> started = facts.eventsOf(pod).stream()
                .filter(e -> e.atMs() > went.atMs() && e.kind() == StoryKind.STARTED).findFirst();
        if (started.isEmpty()) {
            return Optional.empty();
        }
        long startedMs = started.get().atMs();
        long joinedMs = facts.spans().stream()
                .filter(s -> s.trigger() == RebalanceTrigger.MEMBER_JOINED && pod.equals(s.pod())
                        && s.startMs() >= startedMs && s.startMs() - startedMs <= ArrivalChains.JOIN_AFTER_START_MS)
                .mapToLong(s -> s.startMs()).findFirst().orElse(startedMs);
        return Optional.of(new Restart(pod, went, joinedMs));
    }

    /** The items, in a fixed order: silences, poll timeouts, restarts. Empty when nothing applies. */
    List<String> items() {
        List<String> items = new ArrayList<>();
        for (StoryKind kind : EnumSet.of(StoryKind.GC_PAUSE, StoryKind.NETWORK_PARTITION)) {
            silences.stream().filter(s -> s.root().kind() == kind)
                    .max(Comparator.comparingLong(s -> s.root().durationMs()))
                    .ifPresent(s -> items.add(silence(s)));
        }
        polls.stream().max(Comparator.comparingLong(p -> p.recordEndMs() - p.lastPollMs()))
                .ifPresent(p -> items.add(poll(p)));
        longestRestart(false).ifPresent(r -> items.add(dynamicRestart(r)));
        longestRestart(true).ifPresent(r -> items.add(staticRestart(r)));
        return items;
    }

    private Optional<Restart> longestRestart(boolean ofStaticMembers) {
        return restarts.stream().filter(r -> limits.isStatic(r.pod()) == ofStaticMembers)
                .max(Comparator.comparingLong(r -> r.backMs() - r.went().atMs()));
    }

    /** "c1's 12 s GC pause outlived session.timeout.ms 10 s by 2 s: a session.timeout.ms of at least 16 s ...". */
    private String silence(Silence silence) {
        String pod = silence.pod();
        long silenceMs = silence.root().durationMs();
        long sessionMs = limits.sessionTimeoutMs(pod);
        boolean pause = silence.root().kind() == StoryKind.GC_PAUSE;
        String what = pause ? "GC pause" : "network partition";
        String against = silenceMs > sessionMs
                ? " outlived " + limits.session(pod) + " by " + duration(silenceMs - sessionMs)
                : " (not longer than " + limits.session(pod) + ", but the session runs from the last heartbeat "
                        + "before it) evicted it";
        return pod + "'s " + duration(silenceMs) + " " + what + " at " + clock(silence.root().atMs()) + against
                + ": a " + limits.sessionName() + " of at least " + neededSession(pod, silenceMs) + " ("
                + duration(silenceMs) + " + " + heartbeatSlack(pod, pause ? "pause" : "partition") + ") would have "
                + "kept it in the group";
    }

    /** "c1's 7 min record outran max.poll.interval.ms 5 min by 2 min: ... at least 7 min 1 s ...". */
    private String poll(OutgrownPoll poll) {
        String pod = poll.pod();
        long recordMs = poll.record().durationMs();
        long maxPollMs = limits.maxPollIntervalMs(pod);
        long batchMs = poll.recordEndMs() - poll.lastPollMs();
        String against = recordMs > maxPollMs
                ? " outran " + limits.maxPoll(pod) + " by " + duration(recordMs - maxPollMs)
                : " with the records before it outran " + limits.maxPoll(pod);
        return pod + "'s " + duration(recordMs) + " record" + against + " (poll timeout at " + clock(poll.timeoutMs())
                + ", out of the group): from its last poll() at " + clock(poll.lastPollMs()) + " to the record's end at "
                + clock(poll.recordEndMs()) + " took " + duration(batchMs) + ", so a max.poll.interval.ms of at least "
                + duration(wholeSecondAbove(batchMs)) + ", plus the time of the batch's records after it, would have "
                + "kept it in the group";
    }

    /** A dynamic member that went and came back: static membership with a long enough session keeps it. */
    private String dynamicRestart(Restart restart) {
        String pod = restart.pod();
        long downMs = restart.backMs() - restart.went().atMs();
        long neededMs = neededSessionMs(pod, downMs);
        String needed = duration(downMs) + " + " + heartbeatSlack(pod, restartWord(restart.went()));
        String session = neededMs <= limits.sessionTimeoutMs(pod)
                ? "its " + limits.session(pod) + " (at least " + duration(neededMs) + " needed: " + needed + ")"
                : "a " + limits.sessionName() + " of at least " + duration(neededMs) + " (" + needed + ")";
        return pod + ", a dynamic member, " + went(restart.went()) + " at " + clock(restart.went().atMs())
                + " and was back at " + clock(restart.backMs()) + " as a new member (" + duration(downMs)
                + "): as a static member (group.instance.id) with " + session + " it would have kept its partitions"
                + " and rejoined without a rebalance";
    }

    /** A static member back after its session expired: the session that would have waited for it. */
    private String staticRestart(Restart restart) {
        String pod = restart.pod();
        long downMs = restart.backMs() - restart.went().atMs();
        return pod + ", a static member, " + went(restart.went()) + " at " + clock(restart.went().atMs())
                + " and was back at " + clock(restart.backMs()) + " (" + duration(downMs) + "), after its "
                + limits.session(pod) + " had run out: a " + limits.sessionName() + " of at least "
                + neededSession(pod, downMs) + " (" + duration(downMs) + " + "
                + heartbeatSlack(pod, restartWord(restart.went())) + ") would have let it rejoin with its group.instance.id without a rebalance";
    }

    private static String went(StoryEvent went) {
        return went.kind() == StoryKind.CRASHED ? "crashed" : "stopped";
    }

    private static String restartWord(StoryEvent went) {
        return went.kind() == StoryKind.CRASHED ? "crash" : "stop";
    }

    /** "heartbeat.interval.ms 3 s, the most its last heartbeat can precede the pause". */
    private String heartbeatSlack(String pod, String silence) {
        return limits.heartbeatName() + " " + duration(limits.heartbeatIntervalMs(pod))
                + ", the most its last heartbeat can precede the " + silence;
    }

    private String neededSession(String pod, long silenceMs) {
        return duration(neededSessionMs(pod, silenceMs));
    }

    /** A silence of {@code silenceMs} survives a session above it plus a heartbeat interval (the class comment). */
    private long neededSessionMs(String pod, long silenceMs) {
        return wholeSecondAbove(silenceMs + limits.heartbeatIntervalMs(pod));
    }

    /** The next whole second strictly above {@code ms}: 15 000 → 16 000, 15 300 → 16 000. */
    static long wholeSecondAbove(long ms) {
        return (ms / SECOND_MS + 1) * SECOND_MS;
    }
}
