package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.duration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series.StoryEvent;

/**
 * What a Kafka Streams rebalance cost after it was stable: the stream threads its assignment held while their state
 * updaters handed back tasks, and the tasks it gave an instance that restored their state before running
 * (docs/kafka-semantics.md §19), told per instance with its longest wait and its longest restoration.
 */
final class RoundRestorations {

    private RoundRestorations() {
    }

    /**
     * "then c3 waited 120 ms for its state updater before taking the assignment; c2 restored 2 tasks, the longest:
     * task 0_1 restored 101,200 changelog records in 20.2 s": the waits and restorations that began once
     * {@code round} was stable and before {@code untilMs} (the next round).
     */
    static String after(RunFacts facts, Round round, long untilMs, Comparator<String> podOrder) {
        if (!round.completed()) {
            return "";
        }
        Map<String, List<StoryEvent>> byPod = new TreeMap<>(podOrder);
        Map<String, Long> longestWait = new TreeMap<>(podOrder);
        for (StoryEvent event : facts.between(round.stableMs(), facts.endMs())) {
            if (event.kind() == StoryKind.STATE_UPDATER_WAIT && event.pod() != null && event.atMs() < untilMs) {
                longestWait.merge(event.pod(), event.durationMs(), Math::max);
            }
            long startMs = event.atMs() - event.durationMs();
            if (event.kind() == StoryKind.TASK_RESTORED && event.pod() != null && startMs >= round.stableMs()
                    && startMs < untilMs) {
                byPod.computeIfAbsent(event.pod(), any -> new ArrayList<>()).add(event);
            }
        }
        List<String> parts = new ArrayList<>();
        longestWait.forEach((pod, ms) -> parts.add(pod + " waited " + duration(ms)
                + " for its state updater before taking the assignment"));
        byPod.forEach((pod, restorations) -> {
            StoryEvent longest = restorations.stream().max(Comparator.comparingLong(StoryEvent::durationMs))
                    .orElseThrow();
            String told = longest.what() + " in " + duration(longest.durationMs());
            parts.add(restorations.size() == 1 ? pod + ": " + told
                    : pod + " restored " + restorations.size() + " tasks, the longest: " + told);
        });
        return parts.isEmpty() ? "" : "then " + String.join("; ", parts);
    }
}
