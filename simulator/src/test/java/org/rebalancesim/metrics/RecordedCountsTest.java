package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;

/**
 * The counts behind the members-by-state and partitions-by-state charts, recorded as a run goes: the
 * partitions not processed add up, over time, to exactly the partition downtime the metrics count, and
 * a GC pause shows as one pod paused for exactly its length.
 */
class RecordedCountsTest {

    private static final int PODS = 60;
    private static final int PARTITIONS = 120;
    private static final long DURATION_MS = 180_000;
    private static final long PAUSE_MS = 8_000;

    private static VariantResult result;

    @BeforeAll
    static void runOnce() {
        result = run("""
                duration: 3m
                group: {id: counted}
                topics: [{name: t, partitions: %d, rate: 600/s}]
                consumers:
                  count: %d
                  config: {partition.assignment.strategy: range}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - {at: 60s, crash: {consumer: c7, restartAfter: 20s}}
                  - {at: 90s, gcPause: {consumer: c3, duration: 8s}}
                """.formatted(PARTITIONS, PODS), "counted");
    }

    @Test
    void partitionsNotProcessedAddUpToThePartitionDowntime() {
        List<Series.CountStep> steps = result.series().partitionCounts();
        long notProcessedMs = integral(steps, Series.OWNER_NOT_RUNNING) + integral(steps, Series.NO_OWNER);
        assertEquals(metric(result, "partitionDowntimeMs"), notProcessedMs);
        assertTrue(metric(result, "partitionDowntimeMs") > 0, "the crash and the pause cost downtime");
        steps.stream().filter(s -> s.fromMs() > 0).forEach(s -> assertEquals(PARTITIONS,
                s.count(Series.PROCESSED) + s.count(Series.OWNER_NOT_RUNNING) + s.count(Series.NO_OWNER), "at " + s));
    }

    @Test
    void aGcPauseIsOnePodPausedForItsLength() {
        List<Series.CountStep> steps = result.series().memberCounts();
        assertEquals(PAUSE_MS, integral(steps, MemberState.PAUSED.ordinal()));
        assertEquals(1, steps.stream().mapToInt(s -> s.count(MemberState.PAUSED.ordinal())).max().orElseThrow());
        for (Series.CountStep step : steps) {
            int counted = 0;
            for (MemberState state : MemberState.values()) {
                counted += step.count(state.ordinal());
            }
            assertTrue(counted <= PODS, "at most every pod, the rest not started: " + step);
            if (step.fromMs() >= 2_000) {
                assertEquals(PODS, counted, "every pod has started by its JVM start: " + step);
            }
        }
    }

    /** The count of {@code band} integrated over the run, in ms. */
    private static long integral(List<Series.CountStep> steps, int band) {
        long total = 0;
        for (int i = 0; i < steps.size(); i++) {
            long toMs = i + 1 < steps.size() ? steps.get(i + 1).fromMs() : DURATION_MS;
            total += steps.get(i).count(band) * (toMs - steps.get(i).fromMs());
        }
        return total;
    }
}
