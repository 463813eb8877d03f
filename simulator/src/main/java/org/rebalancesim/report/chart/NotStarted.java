package org.rebalancesim.report.chart;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;

/**
 * When each pod first started, read from its states: the recorder shows a pod as DOWN from the
 * run's start until its first start, so the DOWN before a pod's first other state is "not started
 * yet", not a crash. The timeline draws it apart, or a scale-out would read as that many crashes.
 * Derived here rather than recorded, so the recorder and the metrics stay as they are.
 */
final class NotStarted {

    private final Map<String, Long> firstStartMs = new HashMap<>();

    NotStarted(List<Series.StateInterval> intervals) {
        for (Series.StateInterval interval : intervals) {
            if (interval.state() != MemberState.DOWN) {
                firstStartMs.merge(interval.member(), interval.fromMs(), Math::min);
            }
        }
    }

    /** Whether {@code interval} is DOWN before its pod first started (a pod that never started: all of it). */
    boolean before(Series.StateInterval interval) {
        return interval.state() == MemberState.DOWN
                && interval.fromMs() < firstStartMs.getOrDefault(interval.member(), Long.MAX_VALUE);
    }
}
