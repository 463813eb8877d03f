package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Time to recover (docs/metrics.md, recoveryTimeMs): for each incident that began in the measure window, the
 * time from its start until the group's total lag is back to its level just before it.
 *
 * <p>An incident is a disruption, or several that overlap: a rebalance (from its start to Stable; not one of an
 * empty group, whose members consumed nothing before it) or a fault the story tells (a GC pause, a network
 * partition, a broker failure, a slow record, for their duration; a crash, at its moment: the rebalance it
 * causes follows). Its lag is back when a lag sample at or after its end is at most its level before it plus
 * a tolerance, the larger of a tenth of that level and one second of production at the run's average rate
 * (what polls leave behind in steady state). An incident whose lag is not back by the end of the window counts
 * until then, and as not recovered.
 */
final class Recoveries {

    /** The faults of the story that stop consumption (for their {@code durationMs}, or at their moment). */
    private static final Set<StoryKind> FAULTS = EnumSet.of(StoryKind.GC_PAUSE, StoryKind.NETWORK_PARTITION,
            StoryKind.BROKER_FAILURE, StoryKind.SLOW_RECORD, StoryKind.CRASHED);
    /** The tolerance's part proportional to the level before: a tenth. */
    private static final double LEVEL_SHARE = 0.1;
    /** The tolerance's part from production: one second's records. */
    private static final long PRODUCTION_MS = 1_000;

    /** A span of time over which the group's consumption was disrupted. */
    record Incident(long startMs, long endMs) {
    }

    private long longestMs;
    private long notRecovered;

    /**
     * @param lag          the lag samples, in time order
     * @param recordsPerMs the run's average production rate, for the tolerance
     * @param endMs        the end of the run
     */
    Recoveries(List<Incident> incidents, List<Series.LagSample> lag, double recordsPerMs, MeasureWindow window,
               long endMs) {
        long until = Math.min(window.toMs(), endMs);
        for (Incident incident : incidents) {
            if (!window.contains(incident.startMs())) {
                continue;
            }
            long before = Series.lagAt(lag, incident.startMs());
            long tolerance = Math.max((long) Math.floor(before * LEVEL_SHARE), Math.round(recordsPerMs * PRODUCTION_MS));
            long backAtMs = backAt(lag, incident.endMs(), until, before + tolerance);
            if (backAtMs < 0) {
                notRecovered++;
                backAtMs = until;
            }
            longestMs = Math.max(longestMs, backAtMs - incident.startMs());
        }
    }

    /** The time of the first sample in [fromMs, untilMs] with lag at most {@code level}, or -1 if none. */
    private static long backAt(List<Series.LagSample> lag, long fromMs, long untilMs, long level) {
        for (Series.LagSample sample : lag) {
            if (sample.atMs() > untilMs) {
                break;
            }
            if (sample.atMs() >= fromMs && sample.lag() <= level) {
                return sample.atMs();
            }
        }
        return -1;
    }

    /** The longest time to recover of an incident that began in the window (0 if none did). */
    long longestMs() {
        return longestMs;
    }

    /** The incidents that began in the window whose lag was not back by its end. */
    long notRecovered() {
        return notRecovered;
    }

    /**
     * The run's incidents in time order: its rebalances and faults (see the class comment), those that overlap
     * merged into one.
     */
    static List<Incident> incidents(List<Series.RebalanceSpan> rebalances, List<Series.StoryEvent> story) {
        List<Incident> disruptions = new ArrayList<>();
        for (Series.RebalanceSpan span : rebalances) {
            if (!span.fromEmpty()) {
                disruptions.add(new Incident(span.startMs(), span.stableMs()));
            }
        }
        for (Series.StoryEvent event : story) {
            if (FAULTS.contains(event.kind())) {
                // A crash's duration is the close() it cut short, before it: the crash itself is a moment.
                long lastsMs = event.kind() == StoryKind.CRASHED ? 0 : Math.max(0, event.durationMs());
                disruptions.add(new Incident(event.atMs(), event.atMs() + lastsMs));
            }
        }
        disruptions.sort(Comparator.comparingLong(Incident::startMs).thenComparingLong(Incident::endMs));
        List<Incident> merged = new ArrayList<>();
        for (Incident next : disruptions) {
            Incident last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && next.startMs() <= last.endMs()) {
                merged.set(merged.size() - 1, new Incident(last.startMs(), Math.max(last.endMs(), next.endMs())));
            } else {
                merged.add(next);
            }
        }
        return merged;
    }
}
