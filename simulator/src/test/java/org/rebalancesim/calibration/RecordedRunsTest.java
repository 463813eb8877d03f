package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.scenario.Variant;

/**
 * A recorded run read again: its events as they were, except the coordinator's, which come from the run's
 * broker.log read with today's {@link CoordinatorLog}, placed on the run's clock by the coordinator event
 * the run recorded from the same line.
 */
class RecordedRunsTest {

    @TempDir
    Path dir;

    /**
     * The run recorded c2's kill at 10 s and the coordinator's Preparing at 15.204 s, but not the line before
     * it, which a later CoordinatorLog reads: c2 removed at 15.2 s (the lines are 5.2 s and 5.204 s after the
     * broker's 15:20:10.000, so the run's clock began at 15:20:00.000).
     */
    @Test
    void theCoordinatorsLogIsReadAgainOnTheRunsClock() throws IOException {
        Variant variant = SyntheticEvents.variant(MeasuredMetricsTest.EAGER);
        List<MeasuredEvent> recorded = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .at(10_000, "c2", "killed")
                .add(15_204, EventLog.CLUSTER, CoordinatorLog.PREPARING, 2)
                .list();
        new EventLog(new RunClock(0, TimeScale.REAL_TIME)).write(recorded, dir.resolve(EventLog.FILE_NAME));
        Files.write(dir.resolve(EmbeddedBroker.LOG_FILE), List.of(
                "2026-12-01T15:20:15.200Z" + CoordinatorLogTest.PREFIX
                        + "Member c2-5304981d-af95-4fa4-9548-a624e582deee in group g has failed, removing it from"
                        + " the group.",
                "2026-12-01T15:20:15.204Z" + CoordinatorLogTest.PREFIX + "Preparing to rebalance group g in state"
                        + " PreparingRebalance with old generation 1 (reason: removing member c2-5304 on heartbeat"
                        + " expiration.)."));

        List<MeasuredEvent> read = new RecordedRuns(List.of()).measure(variant,
                new CalibrationOptions(null, TimeScale.REAL_TIME, dir, 1, 1, false));

        assertEquals(List.of("started", "started", "killed", CoordinatorLog.REMOVED, CoordinatorLog.PREPARING),
                read.stream().map(MeasuredEvent::type).toList());
        assertEquals(List.of(1000L, 1000L, 10_000L, 15_200L, 15_204L), read.stream().map(MeasuredEvent::atMs).toList());
        assertEquals("c2", read.get(3).pod());
    }

    /**
     * The run recorded the leader's "Assignment received" line with c2's member id, and c2 joining twice (it was
     * killed and came back). The re-read log must still name c2's first join after c2, not after the group that
     * the recorded line belongs to, or the run's clock would be set by c2's second join, 16 s off.
     */
    @Test
    void theLeadersMemberIdInAGroupEventDoesNotRenameItsPod() throws IOException {
        Variant variant = SyntheticEvents.variant(MeasuredMetricsTest.EAGER);
        List<MeasuredEvent> recorded = new SyntheticEvents()
                .add(2_000, "c2", CoordinatorLog.NEW_MEMBER, -1)
                .leaderSynced(8_000, 1, "c2")
                .add(18_000, "c2", CoordinatorLog.NEW_MEMBER, -1)
                .list();
        String firstC2 = recorded.get(1).memberId();
        new EventLog(new RunClock(0, TimeScale.REAL_TIME)).write(recorded, dir.resolve(EventLog.FILE_NAME));
        String joins = "Dynamic member with unknown member id joins group g in Empty state. Created a new member id ";
        Files.write(dir.resolve(EmbeddedBroker.LOG_FILE), List.of(
                "2026-12-01T15:20:02.000Z" + CoordinatorLogTest.PREFIX + joins + firstC2 + " and request the member"
                        + " to rejoin with this id.",
                "2026-12-01T15:20:08.000Z" + CoordinatorLogTest.PREFIX + "Assignment received from leader "
                        + firstC2 + " for group g for generation 1.",
                "2026-12-01T15:20:18.000Z" + CoordinatorLogTest.PREFIX + joins
                        + "c2-0b6e7d1a-3c44-4f0e-9a51-1f2e3d4c5b6a and request the member to rejoin with this id."));

        List<MeasuredEvent> read = new RecordedRuns(List.of()).measure(variant,
                new CalibrationOptions(null, TimeScale.REAL_TIME, dir, 1, 1, false));

        assertEquals(List.of(2_000L, 8_000L, 18_000L), read.stream().map(MeasuredEvent::atMs).toList());
        assertEquals(List.of("c2", EventLog.CLUSTER, "c2"), read.stream().map(MeasuredEvent::pod).toList());
    }

    /** Without the broker's log (a cluster of someone else's) the recorded events are all there is. */
    @Test
    void withoutABrokerLogTheRecordedEventsStand() throws IOException {
        List<MeasuredEvent> recorded = new SyntheticEvents().started(1000, "c1")
                .add(2400, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1).list();
        new EventLog(new RunClock(0, TimeScale.REAL_TIME)).write(recorded, dir.resolve(EventLog.FILE_NAME));
        List<MeasuredEvent> read = new RecordedRuns(List.of()).measure(SyntheticEvents.variant(MeasuredMetricsTest.EAGER),
                new CalibrationOptions(null, TimeScale.REAL_TIME, dir, 1, 1, false));
        assertEquals(recorded, read);
    }
}
