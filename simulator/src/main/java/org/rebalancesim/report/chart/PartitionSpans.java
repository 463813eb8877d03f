package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;

/**
 * The bars of the partition chart: each ownership interval, cut where its owner's state says it
 * could not process the partition (docs/metrics.md: a dead, paused or cut-off owner counts as downtime).
 */
final class PartitionSpans {

    /** Who held a partition, and whether it could process it then. */
    record Holder(String pod, boolean running) {
    }

    private static final Set<MemberState> NOT_RUNNING = Set.of(MemberState.DOWN, MemberState.PAUSED,
            MemberState.UNREACHABLE);

    private PartitionSpans() {
    }

    /** Spans per partition of {@code partitions}, in that order. */
    static Map<String, List<RowSpans.Span<Holder>>> of(Series series, List<String> partitions) {
        Map<String, List<RowSpans.Span<Holder>>> byPartition = new LinkedHashMap<>();
        partitions.forEach(p -> byPartition.put(p, new ArrayList<>()));
        Map<String, List<Series.StateInterval>> statesByPod = statesByPod(series);
        for (Series.OwnershipInterval owned : series.ownership()) {
            List<RowSpans.Span<Holder>> spans = byPartition.get(owned.partition());
            if (spans != null) {
                split(owned, statesByPod.getOrDefault(owned.member(), List.of()), spans);
            }
        }
        return byPartition;
    }

    private static Map<String, List<Series.StateInterval>> statesByPod(Series series) {
        Set<String> owners = new HashSet<>();
        series.ownership().forEach(o -> owners.add(o.member()));
        Map<String, List<Series.StateInterval>> byPod = new HashMap<>();
        for (Series.StateInterval interval : series.memberStates()) {
            if (owners.contains(interval.member()) && NOT_RUNNING.contains(interval.state())) {
                byPod.computeIfAbsent(interval.member(), k -> new ArrayList<>()).add(interval);
            }
        }
        byPod.values().forEach(list -> list.sort(Comparator.comparingLong(Series.StateInterval::fromMs)));
        return byPod;
    }

    /** Adds the running and not-running pieces of one ownership interval, given the owner's not-running intervals. */
    private static void split(Series.OwnershipInterval owned, List<Series.StateInterval> notRunning,
                              List<RowSpans.Span<Holder>> out) {
        long cursor = owned.fromMs();
        for (int i = firstEndingAfter(notRunning, cursor); i < notRunning.size(); i++) {
            Series.StateInterval stopped = notRunning.get(i);
            if (stopped.fromMs() >= owned.toMs()) {
                break;
            }
            long from = Math.max(cursor, stopped.fromMs());
            long to = Math.min(owned.toMs(), stopped.toMs());
            if (from > cursor) {
                out.add(new RowSpans.Span<>(new Holder(owned.member(), true), cursor, from));
            }
            if (to > from) {
                out.add(new RowSpans.Span<>(new Holder(owned.member(), false), from, to));
                cursor = to;
            }
        }
        if (cursor < owned.toMs()) {
            out.add(new RowSpans.Span<>(new Holder(owned.member(), true), cursor, owned.toMs()));
        }
    }

    /** Index of the first interval ending after {@code atMs} (intervals of one pod do not overlap). */
    private static int firstEndingAfter(List<Series.StateInterval> intervals, long atMs) {
        int low = 0;
        int high = intervals.size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (intervals.get(mid).toMs() <= atMs) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
