package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.clock;
import static org.rebalancesim.explain.TimeText.duration;
import static org.rebalancesim.explain.Words.who;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.Series.StoryEvent;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;

/**
 * Chains of the rebalances that start when a member comes or changes: a pod starts or restarts and
 * joins (docs/kafka-semantics.md §2), a member rejoins with new metadata or the leader rejoins (a cooperative
 * second round, new partitions seen at a metadata refresh, a subscription change; §9, §14), partitions
 * are added (§10).
 */
final class ArrivalChains {

    /** How long a JoinGroup may follow its pod's start (metadata, FindCoordinator, a round trip or two). */
    static final long JOIN_AFTER_START_MS = 60_000;

    private final RunFacts facts;
    private final Limits limits;
    private final Variant variant;

    ArrivalChains(RunFacts facts, Limits limits, Variant variant) {
        this.facts = facts;
        this.limits = limits;
        this.variant = variant;
    }

    /**
     * A member joined. A classic group that was empty holds its first join open for
     * group.initial.rebalance.delay.ms, re-armed while new members arrive: every pod started by then, or
     * started meanwhile and assigned in it, joins the same generation.
     */
    Chain joined(Round round, long sinceMs, List<String> assignedPods) {
        if (round.fromEmpty() && !limits.brokerDriven()) {
            return firstJoin(round, sinceMs, assignedPods);
        }
        String pod = round.pod();
        if (pod == null) {
            return new Chain(round.startMs(), "a new member joined");
        }
        // Not bounded by the previous rebalance: a pod may start while another rebalance still runs.
        Optional<StoryEvent> started = facts.latest(pod, round.startMs() - JOIN_AFTER_START_MS, round.startMs(),
                EnumSet.of(StoryKind.STARTED));
        String joins = round.fromEmpty() ? " → created the group" : " → joined as a new member";
        if (started.isPresent()) {
            facts.tell(started.get());
            return new Chain(started.get().atMs(), startText(pod, started.get().atMs()) + joins);
        }
        return new Chain(round.startMs(), rejoinText(pod, round.startMs()));
    }

    private Chain firstJoin(Round round, long sinceMs, List<String> assignedPods) {
        List<String> before = new ArrayList<>();
        List<String> meanwhile = new ArrayList<>();
        long rootMs = round.startMs();
        long untilMs = round.completed() ? round.stableMs() : facts.endMs();
        for (StoryEvent event : facts.between(sinceMs, untilMs)) {
            if (event.kind() != StoryKind.STARTED || facts.isTold(event)) {
                continue;
            }
            if (event.atMs() <= round.startMs()) {
                before.add(event.pod());
                rootMs = Math.min(rootMs, event.atMs());
                facts.tell(event);
            } else if (assignedPods.contains(event.pod())) {
                meanwhile.add(event.pod());
                facts.tell(event);
            }
        }
        String cause = before.equals(List.of(round.pod())) ? round.pod() + " started → joined the empty group"
                : (before.isEmpty() ? "" : Words.pods(before) + " started → ") + who(round.pod()) + " joined the empty group";
        long delayMs = limits.initialRebalanceDelayMs();
        String note = delayMs == 0 ? "group.initial.rebalance.delay.ms 0: nothing holds the first join open"
                : "group.initial.rebalance.delay.ms " + duration(delayMs) + " holds the first join open, re-armed by each new member";
        if (!meanwhile.isEmpty()) {
            note += "; " + Words.pods(meanwhile) + " started meanwhile and joined it";
        }
        return new Chain(rootMs, cause, note);
    }

    /** "c1 started", or "c1 restarted (15 s down)" when the pod ran before. */
    private String startText(String pod, long startedMs) {
        boolean ranBefore = facts.eventsOf(pod).stream().anyMatch(e -> e.atMs() < startedMs
                && (e.kind() == StoryKind.CRASHED || e.kind() == StoryKind.STOPPING));
        if (!ranBefore) {
            return pod + " started";
        }
        long downMs = facts.stateAt(pod, MemberState.DOWN, startedMs - 1).map(s -> startedMs - s.fromMs()).orElse(0L);
        return pod + " restarted (" + duration(downMs) + " down)";
    }

    /** Why a running pod joins again as a new member: it was removed, fenced, or left on a poll timeout. */
    private String rejoinText(String pod, long atMs) {
        StoryEvent last = null;
        for (StoryEvent event : facts.eventsOf(pod)) {
            if (event.atMs() > atMs) {
                break;
            }
            boolean removed = event.kind() == StoryKind.MEMBER_REMOVED && !"NEW_MEMBER_JOIN_TIMEOUT".equals(event.detail());
            // The LeaveGroup that follows a poll timeout is the same departure: keep the poll timeout.
            boolean leaveAfterTimeout = removed && last != null && last.kind() == StoryKind.POLL_TIMEOUT
                    && event.atMs() - last.atMs() <= RoundEffects.LEAD_MS;
            if (!leaveAfterTimeout && (removed || event.kind() == StoryKind.POLL_TIMEOUT
                    || event.kind() == StoryKind.FENCED)) {
                last = event;
            }
        }
        if (last == null) {
            return pod + " joined as a new member";
        }
        return switch (last.kind()) {
            case POLL_TIMEOUT -> pod + ", which left on its poll timeout at " + clock(last.atMs()) + ", "
                    + finished(pod, last.atMs(), atMs) + "polls again and joins as a new member";
            case FENCED -> pod + ", fenced at " + clock(last.atMs()) + ", joins again with epoch 0";
            default -> pod + " (removed at " + clock(last.atMs()) + ", " + words(last.detail()) + ")"
                    + resumed(pod, last.atMs(), atMs) + " joins again as a new member";
        };
    }

    /** "finishes its slow record at 09:00.003, " when that is what kept it from polling. */
    private String finished(String pod, long timeoutMs, long joinedMs) {
        return facts.stateAt(pod, MemberState.SLOW_RECORD, timeoutMs).filter(s -> s.toMs() <= joinedMs)
                .map(s -> "finishes its slow record at " + clock(s.toMs()) + ", ").orElse("");
    }

    /** " resumed at 02:12.000 and" when the pod was paused or cut off across its removal. */
    private String resumed(String pod, long removedMs, long joinedMs) {
        for (MemberState silent : List.of(MemberState.PAUSED, MemberState.UNREACHABLE)) {
            Optional<Series.StateInterval> interval = facts.stateAt(pod, silent, removedMs);
            if (interval.isPresent() && interval.get().toMs() <= joinedMs) {
                return " resumed at " + clock(interval.get().toMs()) + " and";
            }
        }
        return "";
    }

    /** "SESSION_TIMEOUT" → "session timeout". */
    private static String words(String name) {
        return name == null ? "removed" : name.toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * A known member rejoined with new metadata, or the leader rejoined: new partitions seen at the
     * leader's metadata refresh, a subscription change, or the second round of a cooperative rebalance.
     */
    Chain rejoined(Round round, long sinceMs, Round previous, Map<String, Integer> revoked, boolean cooperative) {
        String pod = round.pod();
        long atMs = round.startMs();
        Optional<StoryEvent> refresh = pod == null ? Optional.empty() : facts.latest(pod,
                atMs - RoundEffects.LEAD_MS, atMs, EnumSet.of(StoryKind.METADATA_REFRESH, StoryKind.PATTERN_MATCH));
        if (refresh.isPresent()) {
            facts.tell(refresh.get());
            long maxAgeMs = limits.metadataMaxAgeMs(pod);
            boolean patternMatch = refresh.get().kind() == StoryKind.PATTERN_MATCH;
            String sees = patternMatch ? "its " + refresh.get().what() : "its metadata, refreshed at once, lacks the topic";
            Optional<StoryEvent> fetchFailed = facts.latest(pod, refresh.get().atMs() - RoundEffects.LEAD_MS,
                    refresh.get().atMs(), EnumSet.of(StoryKind.UNKNOWN_TOPIC_FETCHED));
            if (fetchFailed.isPresent()) {
                facts.tell(fetchFailed.get());
                return partitionsAdded(atMs - maxAgeMs, atMs, pod + "'s fetch is answered UNKNOWN_TOPIC_ID at "
                        + clock(fetchFailed.get().atMs()) + "; " + sees + " → rejoins");
            }
            Optional<Subscription> subscribed = subscriptionChange(pod, refresh.get().atMs() - RoundEffects.LEAD_MS,
                    refresh.get().atMs());
            if (patternMatch && subscribed.isPresent()) {
                return new Chain(subscribed.get().atMs(), pod + " subscribed to " + subscribed.get().topics() + ": "
                        + sees + " → rejoins");
            }
            if (patternMatch) {
                return partitionsAdded(atMs - maxAgeMs, atMs, pod + "'s metadata refresh at " + clock(refresh.get().atMs())
                        + " (metadata.max.age.ms " + duration(maxAgeMs) + "): " + sees + " → rejoins");
            }
            String notices = "the leader " + pod + " sees them at its metadata refresh (metadata.max.age.ms "
                    + duration(maxAgeMs) + ") at " + clock(refresh.get().atMs()) + " → rejoins";
            return partitionsAdded(atMs - maxAgeMs, atMs, notices);
        }
        Optional<Subscription> subscribe = subscriptionChange(pod, sinceMs, atMs);
        if (subscribe.isPresent()) {
            return new Chain(subscribe.get().atMs(), pod + "'s subscription changed to " + subscribe.get().topics()
                    + " → rejoins");
        }
        if (cooperative && previous != null && previous.completed() && !revoked.isEmpty()
                && atMs - previous.stableMs() <= limits.heartbeatIntervalMs(pod) + RoundEffects.LEAD_MS) {
            return new Chain(atMs, "second round of the cooperative rebalance: generation " + previous.generation()
                    + " withheld the partitions that change owner, " + Words.pods(List.copyOf(revoked.keySet()))
                    + " revoke them and " + who(pod) + " rejoins");
        }
        Optional<StoryEvent> streams = pod == null ? Optional.empty() : facts.latest(pod, atMs - RoundEffects.LEAD_MS,
                atMs, EnumSet.of(StoryKind.PROBING_REBALANCE, StoryKind.FOLLOWUP_REBALANCE));
        if (streams.isPresent()) {
            facts.tell(streams.get());
            return new Chain(streams.get().atMs(), streams.get().kind() == StoryKind.PROBING_REBALANCE
                    ? who(pod) + " triggered a probing rebalance (probing.rebalance.interval.ms after an assignment "
                            + "with warm-up replicas) → rejoins"
                    : who(pod) + " asked for the follow-up rebalance of tasks withheld until their partitions were "
                            + "revoked → rejoins");
        }
        if (round.trigger() == RebalanceTrigger.LEADER_REJOINED) {
            return new Chain(atMs, "the leader " + who(pod) + " rejoined (any JoinGroup of the leader rebalances a Stable group)"
                    + movedNote(sinceMs, atMs));
        }
        return new Chain(atMs, who(pod) + " rejoined with new metadata" + movedNote(sinceMs, atMs));
    }

    /** A consumer-protocol coordinator saw new partition counts at the next heartbeat. */
    Chain metadataChanged(Round round, long sinceMs) {
        return partitionsAdded(sinceMs, round.startMs(), "the coordinator sees the new partition count at the next heartbeat");
    }

    private Chain partitionsAdded(long fromMs, long atMs, String then) {
        Optional<StoryEvent> added = facts.latestOfAny(fromMs, atMs, EnumSet.of(StoryKind.PARTITIONS_ADDED,
                StoryKind.TOPIC_DELETED));
        if (added.isEmpty()) {
            return new Chain(atMs, "partition counts changed → " + then);
        }
        facts.tell(added.get());
        return new Chain(added.get().atMs(), added.get().subject() + " " + added.get().what() + " → " + then);
    }

    /** A subscription change of the timeline at {@code atMs}. */
    private record Subscription(long atMs, String topics) {
    }

    /** The latest subscription change of {@code pod} between the two times. */
    private Optional<Subscription> subscriptionChange(String pod, long sinceMs, long atMs) {
        Subscription found = null;
        for (int i = 0; i < variant.timeline().size(); i++) {
            TimelineEvent event = variant.timeline().get(i);
            Optional<Operation.Subscribe> op = event.operationAs(Operation.Subscribe.class);
            long ranMs = op.isPresent() ? ranAtMs(i, event) : -1;
            if (ranMs >= sinceMs && ranMs <= atMs && op.isPresent()
                    && (op.get().consumers().all() || op.get().consumers().names().contains(pod))) {
                found = new Subscription(ranMs, op.get().pattern() == null ? op.get().topics().toString()
                        : op.get().pattern().key() + " " + op.get().pattern().regex());
            }
        }
        return Optional.ofNullable(found);
    }

    /** When the timeline's entry {@code index} ran: its time, or for an anchored one its story line's; -1 if never. */
    private long ranAtMs(int index, TimelineEvent event) {
        if (!event.isAnchored()) {
            return event.atMs();
        }
        String label = TimelineEvent.label(index);
        return facts.events().stream().filter(e -> e.kind() == StoryKind.ANCHORED_OPERATION
                && label.equals(e.subject())).mapToLong(StoryEvent::atMs).findFirst().orElse(-1);
    }

    private String movedNote(long sinceMs, long atMs) {
        return facts.latestOfAny(sinceMs, atMs, EnumSet.of(StoryKind.COORDINATOR_MOVED))
                .map(e -> ", after the coordinator failover at " + clock(e.atMs())).orElse("");
    }
}
