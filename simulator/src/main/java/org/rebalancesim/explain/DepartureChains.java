package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.clock;
import static org.rebalancesim.explain.TimeText.duration;
import static org.rebalancesim.explain.Words.who;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.Series.StoryEvent;
import org.rebalancesim.events.StoryKind;

/**
 * Chains of the rebalances that start when a member goes: its session expired (docs/kafka-semantics.md §4,
 * §7, §8), it left (§5, §7), or it missed the sync or rebalance timeout (§3, §10).
 */
final class DepartureChains {

    /** What silences a member's heartbeats, as a session-timeout chain looks for it. */
    private static final Set<StoryKind> SILENCES = EnumSet.of(StoryKind.GC_PAUSE, StoryKind.NETWORK_PARTITION,
            StoryKind.CRASHED, StoryKind.STOPPING, StoryKind.POLL_TIMEOUT, StoryKind.FATAL);
    /**
     * The session counts from the last heartbeat that reached the coordinator, sent before the silence
     * began: the silence starts at most a heartbeat interval (plus a retry and a round trip) after it.
     */
    private static final long SILENCE_SLACK_MS = 1000;

    private final RunFacts facts;
    private final Limits limits;
    private final WhatWouldHaveHelped helped;

    DepartureChains(RunFacts facts, Limits limits, WhatWouldHaveHelped helped) {
        this.facts = facts;
        this.limits = limits;
        this.helped = helped;
    }

    private String evicted(long atMs) {
        return (limits.brokerDriven() ? "fenced" : "evicted") + " at " + clock(atMs);
    }

    private String leaveRequest() {
        return limits.brokerDriven() ? "leave heartbeat (epoch -1)" : "LeaveGroup";
    }

    /**
     * {@code pod}'s member was removed at {@code atMs} because its session expired: the session ran from
     * its last heartbeat that reached the coordinator, so what silenced it began between
     * {@code atMs - session} and a heartbeat interval (plus slack) later.
     */
    Chain sessionTimeout(String pod, long atMs) {
        if (pod == null) {
            return new Chain(atMs, "a member's session expired → " + evicted(atMs));
        }
        long sessionMs = limits.sessionTimeoutMs(pod);
        long earliestMs = atMs - sessionMs - SILENCE_SLACK_MS;
        long latestMs = Math.min(atMs, atMs - sessionMs + limits.heartbeatIntervalMs(pod) + SILENCE_SLACK_MS);
        latestMs = newProcessAfterSilence(pod, earliestMs, latestMs);
        Optional<StoryEvent> silence = facts.latest(pod, earliestMs, latestMs, SILENCES);
        if (silence.isEmpty()) {
            return new Chain(atMs, pod + " sent no heartbeat for " + limits.session(pod) + " → " + evicted(atMs));
        }
        StoryEvent root = silence.get();
        facts.tell(root);
        if (root.kind() == StoryKind.POLL_TIMEOUT) {
            return pollTimeout(root, pod, "; " + staticLeave() + " until " + limits.session(pod) + " runs out → "
                    + evicted(atMs));
        }
        helped.evictedAfter(pod, root, atMs);
        return new Chain(root.atMs(), silenceText(root, pod, sessionMs) + " → " + evicted(atMs));
    }

    /**
     * Where the window for a silence ends: at the first process the pod started after one, or {@code latestMs}. That
     * process is not the member that expired, so what ends it (a fatal error of a KIP-848 static member refused
     * with UNRELEASED_INSTANCE_ID, say) is not why that member went silent. Told events count too.
     */
    private long newProcessAfterSilence(String pod, long earliestMs, long latestMs) {
        boolean silenced = false;
        for (StoryEvent event : facts.eventsOf(pod)) {
            if (event.atMs() > latestMs) {
                break;
            }
            if (event.atMs() >= earliestMs) {
                if (silenced && event.kind() == StoryKind.STARTED) {
                    return event.atMs();
                }
                silenced |= SILENCES.contains(event.kind());
            }
        }
        return latestMs;
    }

    private String silenceText(StoryEvent root, String pod, long sessionMs) {
        String session = limits.session(pod);
        return switch (root.kind()) {
            case GC_PAUSE -> pod + " paused by GC for " + silence(root.durationMs(), sessionMs, session, "pause");
            case NETWORK_PARTITION -> pod + " cut off from the brokers for "
                    + silence(root.durationMs(), sessionMs, session, "cut");
            case CRASHED -> pod + died(root) + ": no " + leaveRequest() + ", so the coordinator waits " + session
                    + " from " + lastRenewal();
            case STOPPING -> pod + " stopped; " + (limits.closesWithoutLeaving(pod) ? "Kafka Streams closes without a"
                    + " LeaveGroup (its default CloseOptions), so the coordinator keeps its tasks' partitions"
                    : staticLeave()) + " until " + session + " runs out";
            default -> pod + " exited on a fatal error: no " + leaveRequest() + ", so the coordinator waits " + session;
        };
    }

    /** A crash, or the kubelet's SIGKILL at the end of the grace period (its story's duration: what close() had). */
    private static String died(StoryEvent crashed) {
        return crashed.durationMs() < 0 ? " crashed" : " was killed (SIGKILL): its close() did not end in the "
                + duration(crashed.durationMs()) + " terminationGracePeriodSeconds left it";
    }

    private String staticLeave() {
        return limits.brokerDriven()
                ? "a static member leaves with epoch -2 and keeps its partitions"
                : "a static member sends no LeaveGroup, so the coordinator keeps its partitions";
    }

    /**
     * "12 s > session.timeout.ms 10 s (by 2 s)"; a silence no longer than the session can still expire
     * it, because the session started at the last heartbeat (or classic offset commit) before the silence.
     */
    private String silence(long silenceMs, long sessionMs, String session, String silenceName) {
        String compared = Words.compared(silenceMs, sessionMs, session);
        return silenceMs > sessionMs ? compared
                : compared + ", but the session runs from " + lastRenewal() + " before the " + silenceName;
    }

    /**
     * What last renewed a member's session: an offset commit renews a classic member's too
     * (OffsetMetadataManager#validateOffsetCommit), a consumer or streams group member's only its heartbeats
     * (docs/kafka-semantics.md §6).
     */
    private String lastRenewal() {
        return limits.brokerDriven() ? "its last heartbeat" : "its last heartbeat or offset commit";
    }

    /** {@code pod}'s member left at {@code atMs}: it stopped, or its poll timer expired (since {@code sinceMs}). */
    Chain left(String pod, long atMs, long sinceMs) {
        Optional<StoryEvent> why = pod == null ? Optional.empty()
                : facts.latest(pod, sinceMs, atMs, EnumSet.of(StoryKind.POLL_TIMEOUT, StoryKind.STOPPING));
        if (why.isEmpty()) {
            return new Chain(atMs, who(pod) + " left the group (" + leaveRequest() + ")");
        }
        StoryEvent root = why.get();
        facts.tell(root);
        if (root.kind() == StoryKind.STOPPING) {
            helped.leftOnStop(pod, root);
            return new Chain(root.atMs(), pod + " stopped (close()) → " + leaveRequest() + " at " + clock(atMs));
        }
        return pollTimeout(root, pod, " → " + leaveRequest() + " at " + clock(atMs));
    }

    /**
     * A poll timeout that started no rebalance of its own: the member left during a rebalance, or it is
     * static and sent nothing.
     */
    Chain pollTimeoutAlone(StoryEvent timeout) {
        String pod = timeout.pod();
        if (limits.isStatic(pod)) {
            return pollTimeout(timeout, pod, "; a static member sends no LeaveGroup and stays until its session expires");
        }
        Optional<StoryEvent> left = facts.first(pod, timeout.atMs(), timeout.atMs() + RoundEffects.LEAD_MS,
                EnumSet.of(StoryKind.MEMBER_REMOVED));
        left.ifPresent(facts::tell);
        return pollTimeout(timeout, pod, " → " + leaveRequest()
                + left.map(e -> " at " + clock(e.atMs())).orElse(""));
    }

    /** Why a member made no poll(): a slow record it started, or took over, or a GC pause. */
    private Chain pollTimeout(StoryEvent timeout, String pod, String after) {
        String then = " → poll timeout at " + clock(timeout.atMs()) + after;
        long maxPollMs = limits.maxPollIntervalMs(pod);
        Optional<Series.StateInterval> busy = facts.stateAt(pod, MemberState.SLOW_RECORD, timeout.atMs() - 1);
        if (busy.isPresent()) {
            long sinceMs = busy.get().fromMs();
            // The pod's own "next record" is the one it started at sinceMs only if no other slow record came between.
            Optional<StoryEvent> own = facts.latest(pod, 0, sinceMs, EnumSet.of(StoryKind.SLOW_RECORD))
                    .filter(e -> !facts.stateBegan(pod, MemberState.SLOW_RECORD, e.atMs(), sinceMs));
            if (own.isPresent()) {
                facts.tell(own.get());
                helped.pollTimedOut(pod, own.get(), sinceMs, timeout);
                return new Chain(own.get().atMs(), pod + "'s next record takes "
                        + Words.compared(own.get().durationMs(), maxPollMs, limits.maxPoll(pod))
                        + ": no poll() from " + clock(sinceMs) + then);
            }
            return new Chain(sinceMs, pod + " took over the slow record with its partition at " + clock(sinceMs)
                    + " (the slowness belongs to the record): no poll() for " + limits.maxPoll(pod) + then);
        }
        Optional<StoryEvent> pause = facts.latest(pod, timeout.atMs() - maxPollMs, timeout.atMs(),
                EnumSet.of(StoryKind.GC_PAUSE));
        if (pause.isPresent() && pause.get().durationMs() > maxPollMs) {
            facts.tell(pause.get());
            return new Chain(pause.get().atMs(), pod + " paused by GC for " + duration(pause.get().durationMs())
                    + " > " + limits.maxPoll(pod) + then);
        }
        return new Chain(timeout.atMs(), pod + " made no poll() for " + limits.maxPoll(pod) + then);
    }

    /** The chain of a member removed at {@code atMs} for {@code reason} (a RemovalReason or fence reason). */
    Chain removed(String pod, long atMs, String reason, long sinceMs) {
        return switch (reason) {
            case "SESSION_TIMEOUT" -> sessionTimeout(pod, atMs);
            case "LEAVE_GROUP", "LEAVE" -> left(pod, atMs, sinceMs);
            default -> new Chain(atMs, Words.who(pod) + " removed from the group (" + reason + ")");
        };
    }

    Chain syncTimeout(Round round) {
        return new Chain(round.startMs(), who(round.pod()) + " sent no SyncGroup within the rebalance timeout ("
                + limits.maxPoll(round.pod()) + ")" + busyNote(round) + " → removed at " + clock(round.startMs()));
    }

    Chain rebalanceTimeout(Round round) {
        return new Chain(round.startMs(), who(round.pod()) + " did not revoke within its rebalance timeout ("
                + limits.maxPoll(round.pod()) + ")" + busyNote(round) + " → fenced at " + clock(round.startMs()));
    }

    private String busyNote(Round round) {
        if (round.pod() == null) {
            return "";
        }
        return facts.stateAt(round.pod(), MemberState.SLOW_RECORD, round.startMs() - 1)
                .map(s -> ", busy with a slow record since " + clock(s.fromMs())).orElse("");
    }
}
