package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.clock;
import static org.rebalancesim.explain.TimeText.duration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.protocol.RebalanceModel;
import org.rebalancesim.scenario.MeasureWindow;
import org.rebalancesim.scenario.Variant;

/**
 * One line per rebalance: its cause chain, its start (generation or group epoch), what happened while it
 * ran, who revoked, lost and was assigned partitions, when it was stable and what it cost.
 */
final class RoundLines {

    private final RunFacts facts;
    private final Limits limits;
    private final boolean cooperative;
    private final Comparator<String> podOrder;
    private final DepartureChains departures;
    private final ArrivalChains arrivals;
    private final MeasureWindow measure;

    RoundLines(RunFacts facts, Limits limits, WhatWouldHaveHelped helped, Variant variant, Comparator<String> podOrder) {
        this.facts = facts;
        this.limits = limits;
        this.cooperative = limits.model() == RebalanceModel.COOPERATIVE;
        this.podOrder = podOrder;
        this.departures = new DepartureChains(facts, limits, helped);
        this.arrivals = new ArrivalChains(facts, limits, variant);
        this.measure = variant.measure();
    }

    List<StoryLine> lines(List<Round> rounds) {
        List<RoundEffects.Effects> effects = RoundEffects.of(rounds, facts, podOrder);
        List<StoryLine> lines = new ArrayList<>();
        RoundMeanwhile meanwhile = new RoundMeanwhile(facts, limits, departures, rounds);
        for (int i = 0; i < rounds.size(); i++) {
            Round previous = i > 0 ? rounds.get(i - 1) : null;
            long sinceMs = previous == null ? 0 : previous.completed() ? previous.stableMs() : previous.startMs();
            Chain chain = chainOf(rounds.get(i), previous, sinceMs, effects.get(i));
            tellRemoval(rounds.get(i));
            long nextMs = i + 1 < rounds.size() ? rounds.get(i + 1).startMs() : facts.endMs();
            String restored = RoundRestorations.after(facts, rounds.get(i), nextMs, podOrder);
            lines.add(new StoryLine(chain.rootMs(), text(rounds.get(i), chain, effects.get(i), meanwhile)
                    + (restored.isEmpty() ? "" : "; " + restored), true));
        }
        return lines;
    }

    /** The removal that started a rebalance is part of its chain. */
    private void tellRemoval(Round round) {
        if (round.pod() != null) {
            facts.first(round.pod(), round.startMs(), round.startMs(), EnumSet.of(StoryKind.MEMBER_REMOVED))
                    .ifPresent(facts::tell);
        }
    }

    private Chain chainOf(Round round, Round previous, long sinceMs, RoundEffects.Effects effects) {
        String pod = Words.who(round.pod());
        return switch (round.trigger()) {
            case SESSION_TIMEOUT -> departures.sessionTimeout(round.pod(), round.startMs());
            case MEMBER_LEFT -> departures.left(round.pod(), round.startMs(), sinceMs);
            case SYNC_TIMEOUT -> departures.syncTimeout(round);
            case REBALANCE_TIMEOUT -> departures.rebalanceTimeout(round);
            case MEMBER_JOINED -> arrivals.joined(round, sinceMs, List.copyOf(effects.assigned().keySet()));
            case MEMBER_REJOINED, LEADER_REJOINED -> arrivals.rejoined(round, sinceMs, previous, effects.revoked(), cooperative);
            case METADATA_CHANGED -> arrivals.metadataChanged(round, sinceMs);
            case STATIC_MEMBER_REJOINED -> staticRejoin(round, pod);
            case SUBSCRIPTION_CHANGED -> new Chain(round.startMs(), pod + " changed its subscription");
            case ASSIGNOR_CHANGED -> new Chain(round.startMs(), pod + " changed the preferred server assignor");
            case GROUP_LOADED, NONE -> new Chain(round.startMs(), round.causeText().isEmpty() ? "a rebalance began"
                    : round.causeText());
        };
    }

    /** A classic static member's rejoin that rebalances: in a completing rebalance, or a downgrade's (§21). */
    private Chain staticRejoin(Round round, String pod) {
        Optional<Series.StoryEvent> converted = facts.latestOfAny(round.startMs(), round.startMs(),
                EnumSet.of(StoryKind.GROUP_CONVERTED));
        if (converted.isPresent() && "classic".equals(converted.get().detail())) {
            facts.tell(converted.get());
            return new Chain(round.startMs(), "static member " + pod + " rejoined with the classic protocol in place "
                    + "of the last consumer-protocol member: the consumer group converted to a classic group, which "
                    + "rebalances");
        }
        return new Chain(round.startMs(), "static member " + pod
                + " rejoined while the group completed a rebalance (Kafka rebalances again then)");
    }

    private String text(Round round, Chain chain, RoundEffects.Effects effects, RoundMeanwhile meanwhile) {
        List<String> parts = new ArrayList<>();
        String started = chain.cause() + " → " + (consumerGroupAt(round.startMs()) ? "group epoch " + firstEpoch(round)
                : "generation " + round.generation() + " started");
        parts.add(chain.note().isEmpty() ? started : started + " (" + chain.note() + ")");
        for (String more : List.of(meanwhile.alsoJoined(round, effects), meanwhile.triggers(round))) {
            if (!more.isEmpty()) {
                parts.add(more);
            }
        }
        for (String counts : List.of(Words.partitionCounts(effects.revoked(), "revoked", "revoked"),
                Words.partitionCounts(effects.lost(), "lost", "lost"),
                Words.partitionCounts(effects.assigned(), "was assigned", "were assigned"))) {
            if (!counts.isEmpty()) {
                parts.add(counts);
            }
        }
        parts.add(ending(round, effects));
        return String.join("; ", parts);
    }

    /** Whether the group id was a consumer group then: its protocol's type, or the last conversion's (§21). */
    private boolean consumerGroupAt(long atMs) {
        boolean consumerGroup = limits.brokerDriven();
        for (Series.StoryEvent event : facts.between(Long.MIN_VALUE, atMs)) {
            if (event.kind() == StoryKind.GROUP_CONVERTED) {
                consumerGroup = "consumer".equals(event.detail());
            }
        }
        return consumerGroup;
    }

    /** The epoch a consumer-protocol rebalance started with (its span names the epoch it reached). */
    private static int firstEpoch(Round round) {
        return round.opening() != null ? round.opening().generation() : round.generation();
    }

    /** "stable at 02:12.023 after 2.1 s (waited for ...), stop-the-world 6.4 s, 6 partitions moved". */
    private String ending(Round round, RoundEffects.Effects effects) {
        String cost = effects.stopTheWorldMs() == 0 ? ", no stop-the-world"
                : ", stop-the-world " + duration(effects.stopTheWorldMs());
        if (!round.completed()) {
            String why = facts.allDownAtEnd() ? " (no member was running)" : "";
            return "not stable when the run ended at " + clock(facts.endMs()) + why + cost;
        }
        String moved = round.partitionsMoved() == 0 ? "no partition moved" : Words.partitions(round.partitionsMoved()) + " moved";
        String counted = measure.contains(round.stableMs()) ? "" : " (outside the metrics window)";
        return "stable at " + clock(round.stableMs()) + " after " + duration(round.stableMs() - round.startMs())
                + waits(round) + cost + ", " + moved + counted;
    }

    /**
     * The join (or a revocation) waits for each member's next poll(): name the members busy with a slow
     * record when it started, and what ended the wait, their poll() or their departure.
     */
    private String waits(Round round) {
        List<String> busy = new ArrayList<>();
        for (Series.StateInterval state : facts.states()) {
            if (state.state() != MemberState.SLOW_RECORD || state.fromMs() >= round.startMs()
                    || state.toMs() <= round.startMs()) {
                continue;
            }
            String pod = state.member();
            if (state.toMs() <= round.stableMs()) {
                busy.add(pod + "'s next poll(), busy with a slow record until " + clock(state.toMs()));
                continue;
            }
            facts.eventsOf(pod).stream().filter(e -> e.kind() == StoryKind.MEMBER_REMOVED
                            && e.atMs() > round.startMs() && e.atMs() <= round.stableMs()).findFirst()
                    .ifPresent(e -> busy.add(pod + ", busy with a slow record, until it was out of the group at "
                            + clock(e.atMs())));
        }
        longestCallback(round).ifPresent(busy::add);
        return busy.isEmpty() ? "" : " (waited for " + String.join("; ", busy) + ")";
    }

    /**
     * The longest rebalance listener callback that ran inside the round: the member's application thread was
     * held that long before it could join, acknowledge or process (docs/kafka-semantics.md §6).
     */
    private Optional<String> longestCallback(Round round) {
        return facts.between(round.startMs(), round.stableMs()).stream()
                .filter(e -> e.kind() == StoryKind.LISTENER_CALLBACK && e.atMs() < round.stableMs())
                .max(Comparator.comparingLong(Series.StoryEvent::durationMs))
                .map(e -> e.subject() + "'s " + e.what().substring(0, Math.max(0, e.what().indexOf('('))) + ", "
                        + duration(e.durationMs()) + " on its application thread from " + clock(e.atMs()));
    }
}
