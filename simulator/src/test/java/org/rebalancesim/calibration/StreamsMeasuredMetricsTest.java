package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.calibration.MeasuredMetricsTest.metric;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The Kafka Streams metrics of a measured run, from small synthetic logs of Streams workers; expected
 * values by hand from docs/metrics.md (a task is down while a partition of it is, or while it restores
 * on the instance that holds it, from its assignment to its restoreEnd, or to its start where the worker logs it).
 */
class StreamsMeasuredMetricsTest {

    private static final String STATEFUL = """
            name: s
            duration: 20s
            measure: {from: 6s}
            group: {id: g}
            topics: [{name: t, partitions: 2, rate: 10/s}]
            consumers:
              count: 2
              app: streams
              config: {session.timeout.ms: 6000, heartbeat.interval.ms: 2000}
              topology:
                subtopologies:
                  - {source: t, stateful: true, changelog: {records: 1000}}
            """;

    /** Both instances start and restore their task; c2 is killed at 10 s; c1 gets 0_1 at 16 s. */
    private static SyntheticEvents stableThenKill() {
        return new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(3000, "c1", 1, "t-0").assigned(3000, "c2", 1, "t-1")
                .task(3200, "c1", "restoreStart", "0_0", -1).task(4200, "c1", "restoreEnd", "0_0", 1000)
                .task(3300, "c2", "restoreStart", "0_1", -1).task(4300, "c2", "restoreEnd", "0_1", 1000)
                .at(10_000, "c2", "killed")
                .joining(15_900, "c1", 2).assigned(16_000, "c1", 2, "t-1");
    }

    @Test
    void aMovedTaskIsDownUntilItsNewOwnerHasRestoredIt() {
        SyntheticEvents log = stableThenKill()
                .task(16_300, "c1", "restoreStart", "0_1", -1).task(17_300, "c1", "restoreEnd", "0_1", 1500);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATEFUL), log.list());
        // 0_1: its partition down 10 s -> 16 s (its owner dead, then the rebalance), then restoring on c1
        // from its assignment at 16 s (stores opening, then the changelog) to its restoreEnd at 17.3 s.
        assertEquals(1300, metric(m, "taskDowntimeByCause.restoring"));
        assertEquals(6000 + 1300, metric(m, "taskDowntimeMs"));
        assertEquals(6000 + 1300, metric(m, "maxTaskDowntimeMs"));
        assertEquals(6000 + 1300, metric(m, "maxTaskRecoveryMs"));
        // The first restorations (before 6 s) are outside the window.
        assertEquals(1500, metric(m, "recordsRestored"));
        assertEquals(0, metric(m, "probingRebalances"));
    }

    @Test
    void withoutARestoreEndTheFirstProcessedRecordEndsTheRestoration() {
        SyntheticEvents log = stableThenKill().processed(16_500, "c1", "t-1", 40, 45);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATEFUL), log.list());
        assertEquals(500, metric(m, "taskDowntimeByCause.restoring"));
        assertEquals(0, metric(m, "recordsRestored"));
    }

    @Test
    void aProcessThatDiesWhileRestoringStopsRestoring() {
        SyntheticEvents log = stableThenKill().task(16_300, "c1", "restoreStart", "0_1", -1).at(17_000, "c1", "killed");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATEFUL), log.list());
        // Restoring 16 s -> 17 s; from then on both tasks are down because their owner is.
        assertEquals(1000, metric(m, "taskDowntimeByCause.restoring"));
        assertEquals(0, metric(m, "recordsRestored"));
    }

    /** The measured timeline shows an instance whose every task restores as restoring, as the simulated one. */
    @Test
    void anInstanceWhoseTasksAllRestoreIsShownRestoring() {
        SyntheticEvents log = stableThenKill()
                .task(16_300, "c1", "restoreStart", "0_1", -1).task(17_300, "c1", "restoreEnd", "0_1", 1500);
        VariantResult result = MeasuredMetrics.compute(SyntheticEvents.variant(STATEFUL), log.list());
        List<Series.StateInterval> restoring = result.series().memberStates().stream()
                .filter(s -> s.state() == MemberState.RESTORING).toList();
        // c1 restores 0_0 from 3 s (its assignment) to 4.2 s, c2 0_1 to 4.3 s; from 16 s c1 holds 0_0, which
        // runs, and 0_1, which restores: not every task, so not shown restoring.
        assertEquals(List.of("c1 3000..4200", "c2 3000..4300"), restoring.stream()
                .map(s -> s.member() + " " + s.fromMs() + ".." + s.toMs()).toList());
    }

    private static final String STATELESS = STATEFUL.replace(", stateful: true, changelog: {records: 1000}", "");

    /** As {@link #stableThenKill}, stateless; with {@code logsStarts} the workers log their tasks' first starts. */
    private static SyntheticEvents statelessThenKill(boolean logsStarts) {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(3000, "c1", 1, "t-0").assigned(3000, "c2", 1, "t-1");
        if (logsStarts) {
            log.task(3150, "c1", StreamsTaskEvents.TASK_RUNNING, "0_0", -1)
                    .task(3190, "c2", StreamsTaskEvents.TASK_RUNNING, "0_1", -1);
        }
        return log.at(10_000, "c2", "killed").joining(15_900, "c1", 2).assigned(16_000, "c1", 2, "t-1");
    }

    /**
     * A worker that logs its tasks' starts (taskRunning: its processors initialised once the state updater handed
     * the task to the stream thread) shows a task not yet running from its assignment to its start: a stateless task
     * too. c1 gets 0_1 at 16 s and starts it at 16.18 s.
     */
    @Test
    void aTaskWhoseStartIsLoggedIsDownUntilItStartsStatelessToo() {
        SyntheticEvents log = statelessThenKill(true)
                .task(16_180, "c1", StreamsTaskEvents.TASK_RUNNING, "0_1", -1);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATELESS), log.list());
        // 0_1: down 10 s -> 16 s (its owner dead, then the rebalance), then waiting for its start on c1.
        assertEquals(180, metric(m, "taskDowntimeByCause.restoring"));
        assertEquals(6000 + 180, metric(m, "taskDowntimeMs"));
        assertEquals(6000, metric(m, "partitionDowntimeMs"));
    }

    /** Runs recorded before the workers logged task starts: a stateless task runs from its assignment, as it did. */
    @Test
    void withoutLoggedStartsAStatelessTaskRunsFromItsAssignment() {
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATELESS), statelessThenKill(false).list());
        assertEquals(0, metric(m, "taskDowntimeByCause.restoring"));
        assertEquals(6000, metric(m, "taskDowntimeMs"));
    }

    /**
     * With logged starts a stateful task too runs from its start, not from its restoreEnd: the stream thread takes a
     * restored task at its next checkStateUpdater. 0_1 restores 16.3 s -> 17.3 s and starts at 17.35 s.
     */
    @Test
    void aRestoredTaskWhoseStartIsLoggedIsDownUntilItStarts() {
        SyntheticEvents log = stableThenKill()
                .task(4250, "c1", StreamsTaskEvents.TASK_RUNNING, "0_0", -1)
                .task(4350, "c2", StreamsTaskEvents.TASK_RUNNING, "0_1", -1)
                .task(16_300, "c1", "restoreStart", "0_1", -1).task(17_300, "c1", "restoreEnd", "0_1", 1500)
                .task(17_350, "c1", StreamsTaskEvents.TASK_RUNNING, "0_1", -1);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATEFUL), log.list());
        assertEquals(1350, metric(m, "taskDowntimeByCause.restoring"));
        assertEquals(1500, metric(m, "recordsRestored"));
    }

    @Test
    void probingAndFollowUpRebalancesAreToldApart() {
        SyntheticEvents log = stableThenKill().at(18_000, "c1", "followupRebalance")
                .at(19_000, "c1", "probingRebalance");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATEFUL), log.list());
        assertEquals(1, metric(m, "probingRebalances"));
    }

    @Test
    void aStreamsFollowUpReasonNamesItsScheduledTime() {
        // StreamThread#runOnce: "triggered followup rebalance scheduled for " + nextProbingRebalanceMs.
        assertEquals(true, ObservedConsumer.isProbing(ObservedConsumer.FOLLOWUP_REASON + "1764800000000"));
        assertEquals(false, ObservedConsumer.isProbing(ObservedConsumer.FOLLOWUP_REASON + "0"));
        assertEquals(false, ObservedConsumer.isProbing(ObservedConsumer.FOLLOWUP_REASON + "soon"));
    }
}
