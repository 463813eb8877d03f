package org.rebalancesim.explain;

import static org.rebalancesim.explain.TimeText.clock;
import static org.rebalancesim.explain.TimeText.duration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.scenario.MeasureWindow;
import org.rebalancesim.scenario.Variant;

/** The closing lines of a variant's story: its metrics (docs/metrics.md) in words, and its expect: rules. */
final class Summary {

    private Summary() {
    }

    static List<String> of(VariantResult result, Variant variant) {
        Map<String, Number> m = result.metrics();
        List<String> lines = new ArrayList<>();
        lines.add("summary" + window(variant) + ": "
                + TimeText.count(value(m, Metric.REBALANCES), "rebalance", "rebalances")
                + ", " + Words.partitions(value(m, Metric.PARTITIONS_MOVED)) + " moved"
                + stopTheWorld(value(m, Metric.STOP_THE_WORLD_MS), value(m, Metric.MAX_STOP_THE_WORLD_MS))
                + newMemberWait(value(m, Metric.NEW_MEMBER_WAIT_MS))
                + ", partition downtime " + duration(value(m, Metric.PARTITION_DOWNTIME_MS)) + downtimeCauses(m)
                + ", " + TimeText.count(value(m, Metric.EVICTIONS), "eviction", "evictions")
                + ", " + TimeText.count(value(m, Metric.POLL_TIMEOUTS), "poll timeout", "poll timeouts"));
        if (m.containsKey(Metric.TASK_DOWNTIME_MS.metricName())) {
            lines.add(streams(m));
        }
        if (!result.expectations().isEmpty()) {
            lines.add(expectations(result.expectations()));
        }
        return lines;
    }

    /** A Kafka Streams application's tasks: downtime, restoration, probing rebalances. */
    private static String streams(Map<String, Number> m) {
        long restoringMs = value(m, Metric.TASK_DOWNTIME_BY_CAUSE.memberName(Metric.RESTORING_CAUSE));
        long probing = value(m, Metric.PROBING_REBALANCES);
        return "tasks: downtime " + duration(value(m, Metric.TASK_DOWNTIME_MS)) + " (longest "
                + duration(value(m, Metric.MAX_TASK_DOWNTIME_MS)) + (restoringMs == 0 ? "" : ", restoring or starting "
                + duration(restoringMs)) + "; every task running again within "
                + duration(value(m, Metric.MAX_TASK_RECOVERY_MS)) + "), " + String.format(Locale.ROOT, "%,d",
                value(m, Metric.RECORDS_RESTORED)) + " changelog records restored"
                + (probing == 0 ? "" : ", " + TimeText.count(probing, "probing rebalance", "probing rebalances"));
    }

    private static String stopTheWorld(long totalMs, long longestMs) {
        return totalMs == 0 ? ", no stop-the-world"
                : ", stop-the-world " + duration(totalMs) + " (longest " + duration(longestMs) + ")";
    }

    /** New members' wait is not stop-the-world (docs/metrics.md): said apart, and only when there was one. */
    private static String newMemberWait(long totalMs) {
        return totalMs == 0 ? "" : ", new members waited " + duration(totalMs);
    }

    private static String window(Variant variant) {
        MeasureWindow window = variant.measure();
        if (window.fromMs() <= 0 && window.toMs() >= variant.durationMs()) {
            return "";
        }
        return " (metrics from " + clock(window.fromMs()) + " to " + clock(Math.min(window.toMs(), variant.durationMs())) + ")";
    }

    /** " (rebalance 2.1 s, paused owner 12 s)": the causes that count, in the registry's order of causes. */
    private static String downtimeCauses(Map<String, Number> m) {
        List<String> causes = new ArrayList<>();
        for (String cause : Metric.DOWNTIME_BY_CAUSE.members()) {
            long ms = value(m, Metric.DOWNTIME_BY_CAUSE.memberName(cause));
            if (ms > 0) {
                causes.add(words(cause) + " " + duration(ms));
            }
        }
        return causes.isEmpty() ? "" : " (" + String.join(", ", causes) + ")";
    }

    /** "pausedOwner" → "paused owner". */
    private static String words(String camel) {
        StringBuilder words = new StringBuilder();
        for (char c : camel.toCharArray()) {
            words.append(Character.isUpperCase(c) ? " " + Character.toLowerCase(c) : String.valueOf(c));
        }
        return words.toString();
    }

    private static String expectations(List<ExpectationResult> rules) {
        List<String> failed = new ArrayList<>();
        for (ExpectationResult rule : rules) {
            if (!rule.passed()) {
                failed.add(rule.metric() + " " + rule.rule() + " (actual " + rule.actual() + ")");
            }
        }
        if (failed.isEmpty()) {
            return rules.size() == 1 ? "expect: the rule passes" : "expect: all " + rules.size() + " rules pass";
        }
        return "expect: FAILED " + String.join("; ", failed);
    }

    private static long value(Map<String, Number> metrics, Metric metric) {
        return value(metrics, metric.metricName());
    }

    private static long value(Map<String, Number> metrics, String name) {
        Number value = metrics.get(name);
        return value == null ? 0 : value.longValue();
    }
}
