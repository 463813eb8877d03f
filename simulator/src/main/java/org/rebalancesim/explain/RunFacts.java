package org.rebalancesim.explain;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.rebalancesim.metrics.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.Series.StoryEvent;
import org.rebalancesim.metrics.StoryKind;

/**
 * What one variant's run recorded, indexed for the questions an explanation asks ("the last GC pause
 * of c1 before 2:09", "was c2 down then?"), and which story events a cause chain has already told.
 */
final class RunFacts {

    private final Series series;
    private final long endMs;
    private final Set<StoryEvent> told = Collections.newSetFromMap(new IdentityHashMap<>());

    RunFacts(Series series, long endMs) {
        this.series = series;
        this.endMs = endMs;
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
        for (StoryEvent event : series.events()) {
            if (event.atMs() > toMs) {
                break;
            }
            if (event.atMs() >= fromMs && kinds.contains(event.kind()) && pod.equals(event.pod()) && !isTold(event)) {
                found = event;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The first untold event of {@code pod} of one of {@code kinds} in [fromMs, toMs]. */
    Optional<StoryEvent> first(String pod, long fromMs, long toMs, Set<StoryKind> kinds) {
        for (StoryEvent event : series.events()) {
            if (event.atMs() > toMs) {
                break;
            }
            if (event.atMs() >= fromMs && kinds.contains(event.kind()) && pod.equals(event.pod()) && !isTold(event)) {
                return Optional.of(event);
            }
        }
        return Optional.empty();
    }

    /** The latest untold event of one of {@code kinds}, of any subject, in [fromMs, toMs]. */
    Optional<StoryEvent> latestOfAny(long fromMs, long toMs, Set<StoryKind> kinds) {
        StoryEvent found = null;
        for (StoryEvent event : series.events()) {
            if (event.atMs() > toMs) {
                break;
            }
            if (event.atMs() >= fromMs && kinds.contains(event.kind()) && !isTold(event)) {
                found = event;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The interval in which {@code pod} was in {@code state} at {@code atMs} (from inclusive, to exclusive). */
    Optional<Series.StateInterval> stateAt(String pod, MemberState state, long atMs) {
        return series.memberStates().stream()
                .filter(s -> s.member().equals(pod) && s.state() == state && s.fromMs() <= atMs && atMs < s.toMs())
                .findFirst();
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
