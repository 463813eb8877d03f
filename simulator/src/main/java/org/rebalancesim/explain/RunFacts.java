package org.rebalancesim.explain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.Series.StoryEvent;
import org.rebalancesim.events.StoryKind;

/**
 * What one variant's run recorded, indexed for the questions an explanation asks ("the last GC pause
 * of c1 before 2:09", "was c2 down then?"), and which story events a cause chain has already told.
 */
final class RunFacts {

    private final Series series;
    private final long endMs;
    private final Set<StoryEvent> told = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Per pod, its story events and its state intervals, in time order: questions about one pod stay cheap. */
    private final Map<String, List<StoryEvent>> eventsByPod = new HashMap<>();
    private final Map<String, List<Series.StateInterval>> statesByPod = new HashMap<>();

    RunFacts(Series series, long endMs) {
        this.series = series;
        this.endMs = endMs;
        series.events().stream().filter(e -> e.pod() != null)
                .forEach(e -> eventsByPod.computeIfAbsent(e.pod(), k -> new ArrayList<>()).add(e));
        series.memberStates().forEach(s -> statesByPod.computeIfAbsent(s.member(), k -> new ArrayList<>()).add(s));
    }

    List<StoryEvent> events() {
        return series.events();
    }

    List<Series.RebalanceSpan> spans() {
        return series.rebalances();
    }

    List<Series.OwnershipInterval> ownership() {
        return series.ownership();
    }

    List<Series.StateInterval> states() {
        return series.memberStates();
    }

    /** When the run ended. */
    long endMs() {
        return endMs;
    }

    /** Marks an event as told by a cause chain, so it is not told again on a line of its own. */
    void tell(StoryEvent event) {
        told.add(event);
    }

    boolean isTold(StoryEvent event) {
        return told.contains(event);
    }

    /** The latest untold event of {@code pod} of one of {@code kinds} in [fromMs, toMs]. */
    Optional<StoryEvent> latest(String pod, long fromMs, long toMs, Set<StoryKind> kinds) {
        StoryEvent found = null;
        for (StoryEvent event : eventsByPod.getOrDefault(pod, List.of())) {
            if (event.atMs() > toMs) {
                break;
            }
            if (event.atMs() >= fromMs && kinds.contains(event.kind()) && !isTold(event)) {
                found = event;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The first untold event of {@code pod} of one of {@code kinds} in [fromMs, toMs]. */
    Optional<StoryEvent> first(String pod, long fromMs, long toMs, Set<StoryKind> kinds) {
        for (StoryEvent event : eventsByPod.getOrDefault(pod, List.of())) {
            if (event.atMs() > toMs) {
                break;
            }
            if (event.atMs() >= fromMs && kinds.contains(event.kind()) && !isTold(event)) {
                return Optional.of(event);
            }
        }
        return Optional.empty();
    }

    /** Every event of {@code pod}, told or not, in time order. */
    List<StoryEvent> eventsOf(String pod) {
        return eventsByPod.getOrDefault(pod, List.of());
    }

    /** The latest untold event of one of {@code kinds}, of any subject, in [fromMs, toMs]. */
    Optional<StoryEvent> latestOfAny(long fromMs, long toMs, Set<StoryKind> kinds) {
        StoryEvent found = null;
        for (StoryEvent event : between(fromMs, toMs)) {
            if (kinds.contains(event.kind()) && !isTold(event)) {
                found = event;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The events (told or not) in [fromMs, toMs], in time order, found by binary search. */
    List<StoryEvent> between(long fromMs, long toMs) {
        List<StoryEvent> events = series.events();
        return events.subList(firstAtOrAfter(events, fromMs), firstAtOrAfter(events, toMs + 1));
    }

    private static int firstAtOrAfter(List<StoryEvent> events, long atMs) {
        int low = 0;
        int high = events.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (events.get(middle).atMs() < atMs) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** The interval in which {@code pod} was in {@code state} at {@code atMs} (from inclusive, to exclusive). */
    Optional<Series.StateInterval> stateAt(String pod, MemberState state, long atMs) {
        return statesByPod.getOrDefault(pod, List.of()).stream()
                .filter(s -> s.state() == state && s.fromMs() <= atMs && atMs < s.toMs())
                .findFirst();
    }

    /** Whether {@code pod} entered {@code state} in [fromMs, toMs). */
    boolean stateBegan(String pod, MemberState state, long fromMs, long toMs) {
        return statesByPod.getOrDefault(pod, List.of()).stream()
                .anyMatch(s -> s.state() == state && s.fromMs() >= fromMs && s.fromMs() < toMs);
    }

    /** Whether {@code pod} was down (not running) just before {@code atMs}. */
    boolean downJustBefore(String pod, long atMs) {
        return stateAt(pod, MemberState.DOWN, atMs - 1).isPresent();
    }

    /** Whether every pod was down when the run ended. */
    boolean allDownAtEnd() {
        return series.memberStates().stream().filter(s -> s.toMs() >= endMs)
                .allMatch(s -> s.state() == MemberState.DOWN);
    }
}
