package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.clock;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.rebalancesim.events.CoordinatorEvents.GroupConverted;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series.StoryEvent;

/**
 * Lines for what no rebalance's chain told: faults that did not cause a rebalance, and why not
 * ("c1 paused by GC for 5 s < session.timeout.ms 10 s: no eviction"), a static member back in time,
 * pods started, brokers failed, members removed in the middle of a rebalance.
 */
final class QuietEvents {

    private final RunFacts facts;
    private final Limits limits;
    private final DepartureChains departures;
    private final List<Round> rounds;

    QuietEvents(RunFacts facts, Limits limits, WhatWouldHaveHelped helped, List<Round> rounds) {
        this.facts = facts;
        this.limits = limits;
        this.departures = new DepartureChains(facts, limits, helped);
        this.rounds = rounds;
    }

    List<StoryLine> lines() {
        // Chains first, so that the faults behind them are told there rather than on lines of their own.
        List<StoryLine> lines = new ArrayList<>(departureChains());
        List<String> startedTogether = new ArrayList<>();
        long startedAtMs = -1;
        for (StoryEvent event : facts.events()) {
            if (facts.isTold(event)) {
                continue;
            }
            if (event.kind() == StoryKind.STARTED && event.pod() != null) {
                if (event.atMs() != startedAtMs) {
                    flushStarted(lines, startedTogether, startedAtMs);
                    startedAtMs = event.atMs();
                }
                startedTogether.add(event.pod());
                facts.tell(event);
                continue;
            }
            String text = textOf(event);
            if (text != null) {
                facts.tell(event);
                lines.add(new StoryLine(event.atMs(), text));
            }
        }
        flushStarted(lines, startedTogether, startedAtMs);
        return lines;
    }

    /**
     * Members that left or were removed while a rebalance was already running (a classic group in
     * PreparingRebalance starts no new one), then poll timeouts that removed nobody by themselves.
     */
    private List<StoryLine> departureChains() {
        List<StoryLine> lines = new ArrayList<>();
        for (StoryEvent event : facts.events()) {
            if (event.kind() == StoryKind.MEMBER_REMOVED && !facts.isTold(event) && event.detail() != null
                    && List.of("SESSION_TIMEOUT", "LEAVE_GROUP", "LEAVE").contains(event.detail())) {
                facts.tell(event);
                long sinceMs = event.atMs() - (event.pod() == null ? 0 : limits.maxPollIntervalMs(event.pod()));
                Chain chain = departures.removed(event.pod(), event.atMs(), event.detail(), sinceMs);
                lines.add(new StoryLine(chain.rootMs(), chain.cause() + duringRebalance(event.atMs()), true));
            }
        }
        for (StoryEvent event : facts.events()) {
            if (event.kind() == StoryKind.POLL_TIMEOUT && event.pod() != null && !facts.isTold(event)) {
                facts.tell(event);
                Chain chain = departures.pollTimeoutAlone(event);
                lines.add(new StoryLine(chain.rootMs(), chain.cause(), true));
            }
        }
        return lines;
    }

    private String duringRebalance(long atMs) {
        return rounds.stream().anyMatch(r -> r.covers(atMs) && r.startMs() < atMs)
                ? ", during the rebalance already in progress" : "";
    }

    /** One line for the pods started at the same instant: "c1, c2 started", "c2 restarted". */
    private void flushStarted(List<StoryLine> lines, List<String> pods, long atMs) {
        if (pods.isEmpty()) {
            return;
        }
        List<String> restarted = pods.stream().filter(pod -> facts.eventsOf(pod).stream().anyMatch(e -> e.atMs() < atMs
                && (e.kind() == StoryKind.CRASHED || e.kind() == StoryKind.STOPPING))).toList();
        List<String> started = pods.stream().filter(pod -> !restarted.contains(pod)).toList();
        List<String> said = new ArrayList<>();
        if (!started.isEmpty()) {
            said.add(Words.pods(started) + " started");
        }
        if (!restarted.isEmpty()) {
            said.add(Words.pods(restarted) + " restarted");
        }
        lines.add(new StoryLine(atMs, String.join(", ", said)));
        pods.clear();
    }

    /** The line for an event nothing else told, or null when it needs none. */
    private String textOf(StoryEvent event) {
        String pod = event.pod();
        return switch (event.kind()) {
            case GC_PAUSE -> pod + " paused by GC for " + Words.compared(event.durationMs(),
                    limits.sessionTimeoutMs(pod), limits.session(pod)) + ": no " + removal();
            case NETWORK_PARTITION -> pod + " cut off from the brokers for " + Words.compared(event.durationMs(),
                    limits.sessionTimeoutMs(pod), limits.session(pod)) + ": no " + removal();
            case SLOW_RECORD -> slowRecord(event);
            case CRASHED, STOPPING -> pod == null ? null : departure(event);
            case FENCED, FATAL, NO_COORDINATOR, PARTITIONS_ADDED, TOPIC_DELETED, KUBELET_RESTART -> event.subject() + " " + event.what();
            case ANCHORED_OPERATION, ANCHOR_MISSED -> event.subject() + " " + event.what();
            // The workload's own steps (a rollout, a scaling); its pods' creations and deletions are told by their
            // starts and stops.
            case WORKLOAD -> pod == null ? event.subject() + ": " + event.what() : null;
            case BROKER_FAILURE -> event.subject() + " fails for " + TimeText.duration(event.durationMs());
            case COORDINATOR_MOVED -> coordinatorMoved(event);
            case GROUP_CONVERTED -> event.what();
            case MEMBER_REMOVED -> removed(event);
            default -> null;
        };
    }

    /** Kafka-semantics §11: a classic group loads Stable at its generation; a consumer group resumes. */
    private String coordinatorMoved(StoryEvent event) {
        String where = event.detail() == null ? "a new broker" : event.detail();
        if (limits.brokerDriven()) {
            return "coordinator failover: " + where + " takes the group over from its persisted state; every"
                    + " session timer restarts, no rebalance";
        }
        return "coordinator failover: " + where + " loads the group at generation " + event.generation()
                + "; every session timer restarts, no rebalance";
    }

    private String removal() {
        return limits.brokerDriven() ? "fencing" : "eviction";
    }

    private String slowRecord(StoryEvent event) {
        String pod = event.pod();
        String whose = pod != null ? pod + "'s next record" : "a record of " + event.subject();
        long maxPollMs = limits.maxPollIntervalMs(pod);
        String verdict = event.durationMs() < maxPollMs
                ? ": no poll timeout, its heartbeats keep it in the group (a join waits for its next poll())"
                : ": no poll timeout within the run";
        return whose + " takes " + Words.compared(event.durationMs(), maxPollMs, limits.maxPoll(pod)) + verdict;
    }

    /**
     * A stop or crash that started no rebalance: a static member back within its session (KIP-345), or
     * one still away when the run ended, or the last member of the group.
     */
    private String departure(StoryEvent event) {
        String pod = event.pod();
        String what = event.kind() == StoryKind.CRASHED ? pod + " crashed" : pod + " stopped";
        if (!limits.isStatic(pod)) {
            return what;
        }
        String kept;
        if (event.kind() == StoryKind.CRASHED) {
            kept = "; the coordinator keeps a static member's partitions for " + limits.session(pod);
        } else if (limits.brokerDriven()) {
            kept = "; a static member leaves with epoch -2 and keeps its partitions for " + limits.session(pod);
        } else {
            kept = "; a static member sends no LeaveGroup, the coordinator keeps its partitions for " + limits.session(pod);
        }
        // Its next start, even one a rebalance's line told already (a streams group's static member that comes
        // back with a new process id bumps the epoch).
        Optional<StoryEvent> back = facts.eventsOf(pod).stream()
                .filter(e -> e.atMs() >= event.atMs() && e.kind() == StoryKind.STARTED).findFirst();
        if (back.isEmpty()) {
            return what + kept + " (not back when the run ended)";
        }
        long backMs = back.get().atMs();
        String told = what + kept + " → back at " + clock(backMs) + " after "
                + Words.compared(backMs - event.atMs(), limits.sessionTimeoutMs(pod), limits.session(pod));
        if (facts.isTold(back.get())) {
            return told;
        }
        facts.tell(back.get());
        // Only a rejoin that replaced the old member (KIP-345) is "no rebalance"; a KIP-848 static member
        // restarted after a crash is refused instead (UNRELEASED_INSTANCE_ID, told on its own line).
        Optional<StoryEvent> next = facts.first(pod, backMs, facts.endMs(),
                EnumSet.of(StoryKind.MEMBER_REMOVED, StoryKind.FATAL));
        if (next.isPresent() && next.get().kind() == StoryKind.MEMBER_REMOVED && next.get().detail() != null
                && next.get().detail().startsWith("REPLACED")) {
            facts.tell(next.get());
            return told + ": rejoins with its group.instance.id, no rebalance";
        }
        if (convertsBackToClassic(pod, backMs)) {
            return told + ": rejoins with its group.instance.id as a classic member in the place of the last"
                    + " consumer-protocol member, which converts the group back to classic";
        }
        return told;
    }

    /**
     * Whether the pod's rejoin as a classic static member, before it goes again, replaced the last consumer-protocol
     * member and so converted the group (docs/kafka-semantics.md §21); the rebalance's own line tells the conversion.
     */
    private boolean convertsBackToClassic(String pod, long backMs) {
        long goneAgainMs = facts.first(pod, backMs + 1, facts.endMs(), EnumSet.of(StoryKind.STOPPING, StoryKind.CRASHED))
                .map(StoryEvent::atMs).orElse(facts.endMs());
        // The group's own events have no pod; the conversion's text begins with the pod that caused it.
        String byThisPod = pod + " " + GroupConverted.REPLACED_LAST_CONSUMER_MEMBER;
        return facts.events().stream().anyMatch(e -> e.kind() == StoryKind.GROUP_CONVERTED
                && e.atMs() >= backMs && e.atMs() <= goneAgainMs && e.what().startsWith(byThisPod));
    }

    private String removed(StoryEvent event) {
        String pod = Words.who(event.pod());
        String reason = event.detail() == null ? "" : event.detail();
        return switch (reason) {
            case "NEW_MEMBER_JOIN_TIMEOUT" -> pod + "'s JoinGroup as a new member expired after 5 min"
                    + " while the join waited; it joins again";
            case "REPLACED_BY_STATIC_MEMBER", "REPLACED" -> pod + " rejoined with its group.instance.id: no rebalance";
            case "JOIN_TIMEOUT" -> pod + " did not rejoin within the rebalance timeout: removed";
            default -> pod + " removed from the group (" + reason + ") while a rebalance was in progress";
        };
    }
}
