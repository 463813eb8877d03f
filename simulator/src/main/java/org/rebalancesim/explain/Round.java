package org.rebalancesim.explain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series;

/**
 * One rebalance as the explanation tells it: a completed one (a rebalance span of the result), or the
 * one still in progress when the run ended.
 *
 * @param generation      the classic generation or the consumer protocol's group epoch it leads to
 * @param stableMs        when the group was Stable again, or {@link #NEVER}
 * @param partitionsMoved partitions whose owning pod changed, or -1 when it never completed
 * @param opening         the group event that started it (the transition to PreparingRebalance, the
 *                        first epoch bump), or null if the story has none
 */
record Round(int generation, long startMs, long stableMs, RebalanceTrigger trigger, String pod,
             boolean fromEmpty, int partitionsMoved, String causeText, Series.StoryEvent opening) {

    static final long NEVER = -1;

    boolean completed() {
        return stableMs != NEVER;
    }

    /** Whether {@code atMs} falls in [start, stable] (or after the start of one that never completed). */
    boolean covers(long atMs) {
        return atMs >= startMs && (!completed() || atMs <= stableMs);
    }

    /** The completed rebalances of the run and, if one was still in progress at its end, that one, by start. */
    static List<Round> of(RunFacts facts, boolean brokerDriven) {
        StoryKind triggerKind = brokerDriven ? StoryKind.GROUP_EPOCH : StoryKind.GROUP_STATE;
        List<Series.StoryEvent> triggers = facts.events().stream()
                .filter(e -> e.kind() == triggerKind && e.detail() != null).toList();
        Set<Series.StoryEvent> taken = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Round> rounds = new ArrayList<>();
        long lastStableMs = -1;
        for (Series.RebalanceSpan span : facts.spans()) {
            Series.StoryEvent opening = triggers.stream().filter(e -> e.atMs() == span.startMs() && !taken.contains(e)
                    && e.detail().equals(span.trigger().name())).findFirst().orElse(null);
            if (opening != null) {
                taken.add(opening);
            }
            rounds.add(new Round(span.generation(), span.startMs(), span.stableMs(), span.trigger(), span.pod(),
                    span.fromEmpty(), span.partitionsMoved(), span.cause(), opening));
            lastStableMs = Math.max(lastStableMs, span.stableMs());
        }
        for (Series.StoryEvent event : triggers) {
            if (event.atMs() > lastStableMs) {
                // A classic group event carries the generation it leaves; an epoch bump the epoch it makes.
                int generation = brokerDriven ? event.generation() : event.generation() + 1;
                rounds.add(new Round(generation, event.atMs(), NEVER, RebalanceTrigger.valueOf(event.detail()),
                        event.pod(), false, -1, event.what(), event));
                break;
            }
        }
        rounds.sort(Comparator.comparingLong(Round::startMs));
        return rounds;
    }
}
