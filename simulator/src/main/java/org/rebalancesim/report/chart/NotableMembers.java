package org.rebalancesim.report.chart;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series;

/**
 * The members of a large group that keep a row of their own on the timeline: those that had a fault
 * or an operation (crashed, stopped or restarted, a GC pause, a network partition, a slow record, a
 * poll timeout, a lost session, fenced, a fatal error) and those the coordinator removed (evicted or
 * left). The rest of the group is in the members-by-state chart. When more than the timeline's rows
 * mattered, the worst are kept: the most time not consuming after their first start, then by name.
 */
record NotableMembers(Rows rows, int notable) {

    /** Story kinds that make a pod's row worth keeping: what happened to it, not the protocol's routine. */
    private static final Set<StoryKind> KINDS = EnumSet.of(StoryKind.STOPPING, StoryKind.CRASHED, StoryKind.GC_PAUSE,
            StoryKind.NETWORK_PARTITION, StoryKind.SLOW_RECORD, StoryKind.POLL_TIMEOUT, StoryKind.SESSION_LOST,
            StoryKind.FENCED, StoryKind.FATAL, StoryKind.MEMBER_REMOVED, StoryKind.KUBELET_RESTART);

    /** @param pods every pod of the run */
    static NotableMembers of(Series series, Set<String> pods, int maxRows) {
        Map<String, Long> troubleMs = troubleMs(series);
        Set<String> mattered = mattered(series, pods);
        List<String> notable = pods.stream().filter(mattered::contains).toList();
        List<String> worstFirst = notable.stream()
                .sorted(Comparator.comparing((String pod) -> -troubleMs.getOrDefault(pod, 0L)).thenComparing(RowOrder.PODS))
                .limit(maxRows).toList();
        return new NotableMembers(new Rows(worstFirst, pods.size()), notable.size());
    }

    private static Set<String> mattered(Series series, Set<String> pods) {
        Set<String> mattered = new HashSet<>();
        for (Series.StoryEvent event : series.events()) {
            String pod = podOf(event, pods);
            if (pod != null && (KINDS.contains(event.kind()) || FaultMarks.isFault(event))) {
                mattered.add(pod);
            }
        }
        return mattered;
    }

    /** The pod an event is about: its pod, or its subject when that is a pod (a story line without data). */
    private static String podOf(Series.StoryEvent event, Set<String> pods) {
        return event.pod() != null ? event.pod() : pods.contains(event.subject()) ? event.subject() : null;
    }

    /** Per pod, the ms it was not consuming once it had started: down, paused, blocked, stuck or cut off. */
    static Map<String, Long> troubleMs(Series series) {
        NotStarted notStarted = new NotStarted(series.memberStates());
        Map<String, Long> byPod = new HashMap<>();
        for (Series.StateInterval interval : series.memberStates()) {
            if (interval.state() != MemberState.CONSUMING && !notStarted.before(interval)) {
                byPod.merge(interval.member(), interval.toMs() - interval.fromMs(), Long::sum);
            }
        }
        return byPod;
    }

    /** "12 of 1,000 members: ..." for the timeline's subtitle. */
    String note() {
        String which = "crashed, stopped, paused, were slow or cut off, evicted or left";
        String shown = String.format(Locale.ROOT, "%,d of %,d members", rows.shown().size(), rows.total());
        String kept = rows.shown().size() < notable
                ? String.format(Locale.ROOT, "the %,d longest not consuming of the %,d that %s", rows.shown().size(),
                        notable, which)
                : "those that " + which + ", longest not consuming first";
        return shown + ": " + kept + "; the rest are in the members-by-state chart";
    }
}
