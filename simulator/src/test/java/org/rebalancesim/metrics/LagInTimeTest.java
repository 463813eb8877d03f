package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;

/**
 * Lag in time, time to recover and the hot partitions (docs/metrics.md "Lag in time and recovery"), with expected
 * values worked out from the scenario: one consumer of one partition at R = 100 records/s whose records take
 * p = 2 ms (it can process 500/s), max.poll.records 100 (a batch is done, and counted, after 200 ms), whose whole
 * JVM stops for D = 5 s (shorter than session.timeout.ms - heartbeat.interval.ms: no rebalance). Lag samples are
 * 100 ms apart (a 40 s window over 2,000 samples is less than their 100 ms minimum).
 */
class LagInTimeTest {

    static final long D_MS = 5_000;
    static final double R_PER_MS = 0.1;
    static final double CAPACITY_PER_MS = 1 / 2.0;
    static final long BATCH_MS = 100 * 2;
    static final long SAMPLE_STEP_MS = 100;
    /** One second of production: the recovery tolerance (docs/metrics.md), as lag before the pause is ~0. */
    static final long TOLERANCE = 100;

    static final String ONE_PARTITION = """
            duration: 60s
            measure: {from: 20s}
            group: {id: lag-in-time}
            topics: [{name: t, partitions: 1, rate: 100/s}]
            consumers:
              count: 1
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000, max.poll.records: 100}
              processing: {constant: 2ms}
              startup: {jvmStart: 2s}
            timeline:
            %s""";

    static VariantResult paused;
    static Series.StateInterval pause;

    @BeforeAll
    static void runOnce() {
        paused = run(ONE_PARTITION.formatted("  - {at: 30s, gcPause: {consumer: c1, duration: 5s}}\n"), "lag-in-time");
        pause = states(paused, "c1", MemberState.PAUSED).get(0);
    }

    @Test
    void atTheEndOfTheStopTheOldestRecordIsAsOldAsTheStopAndTheLagIsWhatWasProducedMeanwhile() {
        assertEquals(D_MS, pause.toMs() - pause.fromMs());
        assertEquals(0, metric(paused, "rebalances"), "a 5 s pause is no eviction with a 10 s session");
        Series.LagSample atResume = paused.series().lag().stream().filter(s -> s.atMs() == pause.toMs()).findFirst()
                .orElseThrow();
        // Caught up before the pause (a record is at most one 2 ms record old), nothing processed during it.
        assertTrue(Math.abs(atResume.timeBehindMs() - D_MS) <= 2, "time behind at the resume: " + atResume);
        assertTrue(Math.abs(atResume.lag() - R_PER_MS * D_MS) <= 2, "lag at the resume: " + atResume);
        // Before the pause the consumer keeps up: its oldest waiting record is at most a batch old.
        paused.series().lag().stream().filter(s -> s.atMs() >= 20_000 && s.atMs() < pause.fromMs())
                .forEach(s -> assertTrue(s.timeBehindMs() <= BATCH_MS, "before the pause: " + s));
    }

    /**
     * The oldest record stays unprocessed until the first batch after the resume is done, one batch (200 ms) later,
     * so the worst time behind is D plus at most a batch.
     */
    @Test
    void theWorstTimeBehindIsTheStopPlusAtMostTheBatchThatEndsIt() {
        long worst = metric(paused, "maxTimeBehindMs");
        assertTrue(worst >= D_MS && worst <= D_MS + BATCH_MS, "maxTimeBehindMs " + worst);
    }

    /**
     * From the resume the backlog R·D shrinks by (capacity - R) per ms: it is within the tolerance after
     * (R·D - tolerance) / (capacity - R) = 1,000 ms and gone after R·D / (capacity - R) = 1,250 ms. Counted from the
     * pause's start, batches of 200 ms and samples 100 ms apart, recovery lies in [D + 1,000, D + 1,250 + 200 + 100].
     */
    @Test
    void timeToRecoverIsTheStopPlusTheCatchUpAtProcessingSpeedLessTheRate() {
        double drainPerMs = CAPACITY_PER_MS - R_PER_MS;
        long earliest = D_MS + Math.round((R_PER_MS * D_MS - TOLERANCE) / drainPerMs);
        long latest = D_MS + Math.round(R_PER_MS * D_MS / drainPerMs) + BATCH_MS + SAMPLE_STEP_MS;
        long recovery = metric(paused, "recoveryTimeMs");
        assertTrue(recovery >= earliest && recovery <= latest, "recoveryTimeMs " + recovery + " not in ["
                + earliest + ", " + latest + "]");
        assertEquals(0, metric(paused, "incidentsNotRecovered"));
    }

    /**
     * A pause that outlasts the session gets the member evicted, and the group, left without members, never
     * consumes again: the incident is not recovered and counts from its start (50 s) to the end of the window (60 s).
     */
    @Test
    void anIncidentNotRecoveredByTheEndCountsToTheEndAndIsCounted() {
        VariantResult stuck = run(ONE_PARTITION.formatted("  - {at: 50s, gcPause: {consumer: c1, duration: 30s}}\n"),
                "lag-not-recovered");
        assertEquals(1, metric(stuck, "incidentsNotRecovered"));
        assertEquals(10_000, metric(stuck, "recoveryTimeMs"));
        // The pause covers the rest of the run: the oldest record is ~10 s old at the end.
        long worst = metric(stuck, "maxTimeBehindMs");
        assertTrue(worst >= 10_000 - 2 && worst <= 10_000, "maxTimeBehindMs " + worst);
    }

    @Test
    void aGroupOfFewerPartitionsThanTheChartShowsHasNoHotPartitions() {
        assertTrue(paused.series().hotPartitions().isEmpty());
    }

    /**
     * Two members, 8 partitions at 10 records/s each; a 20 s record in t-5 stops its owner, so its four partitions
     * gather 20 s × 10/s = 200 records each while the other member keeps its four near 0: the chart shows the
     * stopped member's four partitions first, then the other member's most lagging one.
     */
    @Test
    void theHotPartitionsAreTheStoppedMembersWithTheirPeakLag() {
        VariantResult result = run("""
                duration: 60s
                measure: {from: 20s}
                group: {id: hot-partitions}
                topics: [{name: t, partitions: 8, rate: 80/s}]
                consumers:
                  count: 2
                  config: {partition.assignment.strategy: range}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - {at: 30s, slowRecord: {partition: t-5, duration: 20s}}
                """, "hot-partitions");
        List<Series.PartitionLag> hot = result.series().hotPartitions();
        assertEquals(5, hot.size());
        String owner = result.series().ownership().stream()
                .filter(o -> o.partition().equals("t-5") && o.fromMs() <= 30_000 && o.toMs() > 30_000)
                .findFirst().orElseThrow().member();
        Set<String> ownersPartitions = new TreeSet<>();
        result.series().ownership().stream().filter(o -> o.member().equals(owner) && o.fromMs() <= 30_000
                && o.toMs() > 30_000).forEach(o -> ownersPartitions.add(o.partition()));
        assertEquals(4, ownersPartitions.size());
        assertEquals(ownersPartitions, new TreeSet<>(hot.subList(0, 4).stream().map(Series.PartitionLag::partition).toList()));
        for (Series.PartitionLag partition : hot.subList(0, 4)) {
            assertTrue(partition.peakLag() >= 200 - 2 && partition.peakLag() <= 200 + 12, partition.partition() + " "
                    + partition.peakLag());
            assertEquals(partition.peakLag(), partition.lag().stream().mapToLong(Series.LagSample::lag).max().orElseThrow());
        }
        assertTrue(hot.get(4).peakLag() < 20, "the other member keeps up: " + hot.get(4).peakLag());
        for (int i = 1; i < hot.size(); i++) {
            Series.PartitionLag before = hot.get(i - 1);
            Series.PartitionLag next = hot.get(i);
            assertTrue(before.peakLag() > next.peakLag() || before.peakLag() == next.peakLag()
                    && before.partition().compareTo(next.partition()) < 0, "order: " + before + " then " + next);
        }
        // The slow record stops the whole member for 20 s; the records waiting count as processed only when their
        // batch is done: the rest of the slow record's batch and the next, each at most 500 records of 1 ms.
        long worst = metric(result, "maxTimeBehindMs");
        assertTrue(worst >= 20_000 && worst <= 20_000 + 2 * 500, "maxTimeBehindMs " + worst);
    }
}
