package org.rebalancesim.metrics;

import java.util.List;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.MetricValues;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * The scaling metrics of a run in a Kubernetes workload (docs/metrics.md, "Kubernetes replicas and autoscaling"),
 * from the workload's size after each change and the lag and throughput samples, within the measure window.
 */
final class ReplicaMetrics {

    /** The throughput a scale-out is judged by: the minute before it against the minute after it. */
    static final long THROUGHPUT_WINDOW_MS = 60_000;
    /** A backlog has drained once the lag is down to this share of its peak. */
    static final double DRAINED_SHARE = 0.1;

    private final List<Series.ReplicaSample> replicas;
    private final List<Series.LagSample> lag;
    private final List<Series.ThroughputSample> processed;
    private final long fromMs;
    private final long toMs;

    ReplicaMetrics(List<Series.ReplicaSample> replicas, List<Series.LagSample> lag,
                   List<Series.ThroughputSample> processed, MeasureWindow window, long endMs) {
        this.replicas = replicas;
        this.lag = lag;
        this.processed = processed;
        this.fromMs = window.fromMs();
        this.toMs = Math.min(window.toMs(), endMs);
    }

    void supplyTo(MetricValues values) {
        int outs = 0;
        int ins = 0;
        long overshoot = 0;
        int slower = 0;
        for (int i = 1; i < replicas.size(); i++) {
            Series.ReplicaSample sample = replicas.get(i);
            int before = replicas.get(i - 1).replicas();
            if (sample.atMs() < fromMs || sample.atMs() > toMs || sample.replicas() == before) {
                continue;
            }
            if (sample.replicas() > before) {
                outs++;
                overshoot = Math.max(overshoot, overshootAfter(i));
                slower += slowedDown(sample.atMs()) ? 1 : 0;
            } else {
                ins++;
            }
        }
        values.put(Metric.SCALE_OUTS, outs)
                .put(Metric.SCALE_INS, ins)
                .put(Metric.MAX_REPLICAS, maxReplicas())
                .put(Metric.MISSING_POD_TIME_MS, missingPodTimeMs())
                .put(Metric.LAG_OVERSHOOT, overshoot)
                .put(Metric.DRAIN_TIME_MS, drainTimeMs())
                .put(Metric.SLOWER_SCALE_OUTS, slower);
    }

    private int maxReplicas() {
        int max = 0;
        for (int i = 0; i < replicas.size(); i++) {
            long until = i + 1 < replicas.size() ? replicas.get(i + 1).atMs() : Long.MAX_VALUE;
            if (replicas.get(i).atMs() <= toMs && until > fromMs) {
                max = Math.max(max, replicas.get(i).replicas());
            }
        }
        return max;
    }

    private long missingPodTimeMs() {
        long missing = 0;
        for (int i = 0; i < replicas.size(); i++) {
            long start = Math.max(fromMs, replicas.get(i).atMs());
            long end = Math.min(toMs, i + 1 < replicas.size() ? replicas.get(i + 1).atMs() : toMs);
            if (end > start) {
                missing += (end - start) * Math.max(0, replicas.get(i).replicas() - replicas.get(i).ready());
            }
        }
        return missing;
    }

    /** The lag's rise after the scale-out at sample {@code index}, up to the next change of replicas. */
    private long overshootAfter(int index) {
        long at = replicas.get(index).atMs();
        long until = toMs;
        for (int j = index + 1; j < replicas.size(); j++) {
            if (replicas.get(j).replicas() != replicas.get(index).replicas()) {
                until = Math.min(until, replicas.get(j).atMs());
                break;
            }
        }
        long start = lagAt(at);
        long peak = start;
        for (Series.LagSample sample : lag) {
            if (sample.atMs() > at && sample.atMs() <= until) {
                peak = Math.max(peak, sample.lag());
            }
        }
        return peak - start;
    }

    private boolean slowedDown(long atMs) {
        if (atMs + THROUGHPUT_WINDOW_MS > toMs || atMs - THROUGHPUT_WINDOW_MS < fromMs || processed.isEmpty()) {
            return false;
        }
        long before = processedAt(atMs) - processedAt(atMs - THROUGHPUT_WINDOW_MS);
        long after = processedAt(atMs + THROUGHPUT_WINDOW_MS) - processedAt(atMs);
        return after < before;
    }

    private long drainTimeMs() {
        Series.LagSample peak = null;
        for (Series.LagSample sample : lag) {
            if (sample.atMs() >= fromMs && sample.atMs() <= toMs && (peak == null || sample.lag() > peak.lag())) {
                peak = sample;
            }
        }
        if (peak == null || peak.lag() == 0) {
            return 0;
        }
        for (Series.LagSample sample : lag) {
            if (sample.atMs() > peak.atMs() && sample.atMs() <= toMs && sample.lag() <= peak.lag() * DRAINED_SHARE) {
                return sample.atMs() - peak.atMs();
            }
        }
        return toMs - peak.atMs();
    }

    private long lagAt(long atMs) {
        return Series.lagAt(lag, atMs);
    }

    private long processedAt(long atMs) {
        long value = 0;
        for (Series.ThroughputSample sample : processed) {
            if (sample.atMs() > atMs) {
                break;
            }
            value = sample.processed();
        }
        return value;
    }
}
