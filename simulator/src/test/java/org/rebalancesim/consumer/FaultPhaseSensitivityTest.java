package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a rolling restart's partition downtime moves when the restart starts 0..1000 ms later
 * (docs/kafka-semantics.md §15 "Faults against those phases"). Six pods, 24 partitions, one restart every
 * 30 s with 10 s down each; pods start 1.7 s apart so the start-up does not align them.
 */
class FaultPhaseSensitivityTest {

    static final long STEP_MS = 100;
    static final int PARTITIONS = 24;

    static String scenario(String config, long offsetMs) {
        return """
                duration: 6m
                measure: {from: 1m}
                group: {id: fault-phase}
                topics: [{name: payments, partitions: %d, rate: 240/s}]
                consumers:
                  count: 6
                  config: {%s}
                  processing: {lognormal: {median: 1ms, p99: 10ms}}
                  startup: {jvmStart: 5s, stagger: 1700ms}
                timeline:
                  - at: %dms
                    rollingRestart: {interval: 30s, downtime: 10s}
                """.formatted(PARTITIONS, config, 120_000 + offsetMs);
    }

    static List<Long> downtimes(String config) {
        List<Long> downtimes = new ArrayList<>();
        for (long offset = 0; offset <= 1_000; offset += STEP_MS) {
            downtimes.add(metric(run(scenario(config, offset), "fault-phase-" + offset), "partitionDowntimeMs"));
        }
        return downtimes;
    }

    /**
     * KIP-848: each member's heartbeat phase is its own, set by its own sends (joins, acknowledgements),
     * so a later fault crosses the next beat of one member at a time. What that moves is the partitions
     * that member gives up: each reaches the restarted pod one heartbeat interval (5000 ms) sooner when the
     * release comes before the pod has acknowledged its empty first assignment (it then gets it with that
     * acknowledgement's answer, a race of the pod's two reconciliation turns), else at the pod's next beat.
     * So the downtime moves by at most one pod's share of the partitions (4) times an interval. Members in
     * lock-step would cross together and move it by an interval for every partition (24).
     */
    @Test
    void kip848DowntimeMovesByAtMostOneMembersShare() {
        List<Long> downtimes = downtimes("group.protocol: consumer");
        long spread = downtimes.stream().mapToLong(Long::longValue).max().orElseThrow()
                - downtimes.stream().mapToLong(Long::longValue).min().orElseThrow();
        assertTrue(spread < PARTITIONS / 6 * ConsumerProtocolScenarios.HEARTBEAT_MS, "downtime by 100 ms step: " + downtimes);
    }

    /**
     * Classic: every JoinGroup answer restarts the members' heartbeat timers together
     * (HeartbeatThread.enable → Heartbeat.resetTimeouts), and a beat drifts by a few ms only, so the
     * survivors notice each leave at a common phase. The 4 partitions of each of the 6 restarted pods
     * wait for it: a fault 100 ms later waits up to 100 ms less per partition, so the downtime moves by
     * at most 24 × 100 ms per step (plus the few ms of drift), smoothly; a step can jump by an interval
     * only where it crosses the common beat, at most once in a window shorter than the 3000 ms interval.
     */
    @Test
    void classicDowntimeMovesSmoothlyWithTheFault() {
        List<Long> downtimes = downtimes("partition.assignment.strategy: cooperative-sticky");
        long bound = PARTITIONS * STEP_MS + 500;
        int jumps = 0;
        for (int i = 1; i < downtimes.size(); i++) {
            if (Math.abs(downtimes.get(i) - downtimes.get(i - 1)) > bound) {
                jumps++;
            }
        }
        assertTrue(jumps <= 1, "downtime by 100 ms step: " + downtimes);
    }
}
