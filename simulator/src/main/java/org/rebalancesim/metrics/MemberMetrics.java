package org.rebalancesim.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One pod's rebalance metrics under the names of the Kafka consumer's own metrics
 * (consumer-coordinator-metrics), summed over the pod's restarts.
 */
final class MemberMetrics {

    private long rebalanceStartMs = -1;
    private long rebalances;
    private long rebalanceTotalTimeMs;
    private long rebalanceLatencyMaxMs;
    private long failedRebalances;
    private long revokedLatencyMaxMs;
    private long assignedLatencyMaxMs;
    private long lostLatencyMaxMs;

    void started(long nowMs) {
        rebalanceStartMs = nowMs;
    }

    void completed(long nowMs, boolean inWindow) {
        if (rebalanceStartMs >= 0 && inWindow) {
            long latency = nowMs - rebalanceStartMs;
            rebalances++;
            rebalanceTotalTimeMs += latency;
            rebalanceLatencyMaxMs = Math.max(rebalanceLatencyMaxMs, latency);
        }
        rebalanceStartMs = -1;
    }

    void failed(boolean inWindow) {
        if (inWindow) {
            failedRebalances++;
        }
    }

    void abandoned() {
        rebalanceStartMs = -1;
    }

    void revoked(long callbackMs) {
        revokedLatencyMaxMs = Math.max(revokedLatencyMaxMs, callbackMs);
    }

    void assigned(long callbackMs) {
        assignedLatencyMaxMs = Math.max(assignedLatencyMaxMs, callbackMs);
    }

    void lost(long callbackMs) {
        lostLatencyMaxMs = Math.max(lostLatencyMaxMs, callbackMs);
    }

    Map<String, Number> asMap() {
        Map<String, Number> map = new LinkedHashMap<>();
        map.put("rebalance-total", rebalances);
        map.put("rebalance-latency-avg", rebalances == 0 ? 0.0 : (double) rebalanceTotalTimeMs / rebalances);
        map.put("rebalance-latency-max", rebalanceLatencyMaxMs);
        map.put("rebalance-total-time", rebalanceTotalTimeMs);
        map.put("failed-rebalance-total", failedRebalances);
        map.put("partition-revoked-latency-max", revokedLatencyMaxMs);
        map.put("partition-assigned-latency-max", assignedLatencyMaxMs);
        map.put("partition-lost-latency-max", lostLatencyMaxMs);
        return map;
    }
}
