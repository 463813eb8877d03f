package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.Variant;

/** The start-up the calibration's own JVMs had, read from measured runs for the simulated side. */
class MeasuredStartupTest {

    /** Every message takes 3 ms: the model's start-up requests take 13 * 3 = 39 ms before the first JoinGroup. */
    private static final Variant EAGER = SyntheticEvents.variant(MeasuredMetricsTest.EAGER
            + "cluster: {network: {latency: 3ms}}\n");

    /** Three pods on a node of 2 cores, each start keeping 2 of them busy (k = 2). */
    private static final Variant THREE_PODS_ON_TWO_CORES = SyntheticEvents.variant("""
            name: m
            duration: 60s
            group: {id: g}
            topics: [{name: t, partitions: 3, rate: 10/s}]
            consumers:
              count: 3
              startup: {nodeCores: 2, coresPerStart: 2}
            """);

    /**
     * Three pods on a node of 2 cores, each start keeping 2 busy (k = 2): while n of them are under way each
     * does min(1, 2 / 2n) of a lone start's work per ms. No first JoinGroup is logged, and the scenario's
     * warm-up is 0, so each takes its share from launch to {@code started}.
     */
    @Test
    void startsTogetherCountAsTheWorkTheirShareOfTheCoresDid() {
        Variant shared = THREE_PODS_ON_TWO_CORES;
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(0, "c1", "podStart").at(0, "c2", "podStart").at(0, "c3", "podStart")
                .started(900, "c1").started(1500, "c2").started(1800, "c3")
                .at(10_000, "c1", "podStart").started(10_600, "c1")
                .at(30_000, "c2", "podStart")   // still starting when the run ended: not a start to fit
                .list();
        // In the order the starts ended: c1 900 ms at a third of its speed; c2 the same 300, then 600 ms at
        // a half; c1's restart ran alone (as measured); c3 300 + 300, then 300 ms alone at full speed.
        List<MeasuredStartup.StartWork> work = MeasuredStartup.startWork(shared, run, 2);
        assertEquals(List.of("c1", "c2", "c1", "c3"), work.stream().map(MeasuredStartup.StartWork::pod).toList());
        assertEquals(List.of(300.0, 600.0, 600.0, 900.0), work.stream().map(MeasuredStartup.StartWork::jvmMs).toList());
        assertEquals(List.of(true, true, false, true), work.stream().map(MeasuredStartup.StartWork::shared).toList());
        assertEquals(List.of(600.0, 450.0), MeasuredStartup.startWork(EAGER, new SyntheticEvents()
                        .at(0, "c1", "podStart").at(10, "c2", "podStart").started(600, "c1").started(460, "c2")
                        .list(), 1).stream().map(MeasuredStartup.StartWork::jvmMs).toList(),
                "without nodeCores the simulation shares no cores, and no start is scaled");
    }

    /**
     * Three pods launched together, then restarted one at a time: the restarts, made alone, are the fit
     * (400, 500, 625 ms: median 500, p99 840), and the starts together are left out, whatever the model's
     * share makes of them. With only two restarts made alone, every start counts, scaled.
     */
    @Test
    void startsMadeAloneAreTheFitWhenThereAreEnoughOfThem() {
        Variant shared = THREE_PODS_ON_TWO_CORES;
        SyntheticEvents together = new SyntheticEvents()
                .at(0, "c1", "podStart").at(0, "c2", "podStart").at(0, "c3", "podStart")
                .started(2400, "c1").started(2700, "c2").started(3000, "c3")
                .at(10_000, "c1", "podStart").started(10_400, "c1")
                .at(20_000, "c2", "podStart").started(20_500, "c2");
        MeasuredStartup twoAlone = MeasuredStartup.of(shared, List.of(together.list()));
        assertEquals(5, twoAlone.starts(), "two starts made alone are too few to fit by themselves");
        assertTrue(twoAlone.describe(shared).contains(" from 5 starts (3 sharing cores, scaled);"),
                twoAlone.describe(shared));

        MeasuredStartup threeAlone = MeasuredStartup.of(shared,
                List.of(together.at(30_000, "c3", "podStart").started(30_625, "c3").list()));
        assertEquals(3, threeAlone.starts());
        assertEquals(new Distributions.LogNormal(500, 840), threeAlone.jvmStart());
        assertTrue(threeAlone.describe(shared).startsWith(
                "jvmStart lognormal(median 500ms, p99 840ms) from 3 starts made alone (3 sharing cores left out);"),
                threeAlone.describe(shared));
    }

    /** Three pods on a node of 2 cores, each start keeping {@code coresPerStart} busy; 3 ms one-way trips. */
    private static Variant threePodsOnTwoCores(int coresPerStart) {
        return SyntheticEvents.variant("""
                name: m
                duration: 60s
                cluster: {network: {latency: 3ms}}
                group: {id: g}
                topics: [{name: t, partitions: 3, rate: 10/s}]
                consumers:
                  count: 3
                  startup: {nodeCores: 2, coresPerStart: %d}
                """.formatted(coresPerStart));
    }

    private static final Variant ONE_CORE_EACH = threePodsOnTwoCores(1);

    /** Restarted one at a time, 400, 500 and 625 ms from launch to warmed up (the first JoinGroup less 39 ms). */
    private static final SyntheticEvents RESTARTS_ALONE = new SyntheticEvents()
            .at(10_000, "c1", "podStart").started(10_300, "c1").at(10_439, "c1", CoordinatorLog.NEW_MEMBER)
            .at(20_000, "c2", "podStart").started(20_400, "c2").at(20_539, "c2", CoordinatorLog.NEW_MEMBER)
            .at(30_000, "c3", "podStart").started(30_525, "c3").at(30_664, "c3", CoordinatorLog.NEW_MEMBER);

    /** Three pods launched together at 0 on 2 cores, each warmed up (its first JoinGroup less 39 ms) at {@code atMs}. */
    private static SyntheticEvents launchedTogether(long warmedUpAtMs) {
        SyntheticEvents together = new SyntheticEvents();
        for (String pod : List.of("c1", "c2", "c3")) {
            together.at(0, pod, "podStart").started(warmedUpAtMs - 300, pod)
                    .at(warmedUpAtMs + 39, pod, CoordinatorLog.NEW_MEMBER);
        }
        return together;
    }

    /**
     * Three pods on 2 cores launched together and warmed up at 1125 ms, then restarted alone (median 500).
     * Under the rule the three together each did 1125 * min(1, 2 / 3k) ms of lone work, which is the lone
     * median at k = 1.5: the simulated group started together takes as long as the measured one. Starts
     * together no slower than alone leave the scenario's k.
     */
    @Test
    void startsTogetherFitHowManyCoresAStartKeepsBusy() {
        MeasuredStartup startup = MeasuredStartup.of(ONE_CORE_EACH,
                List.of(launchedTogether(1125).list(), RESTARTS_ALONE.list()));
        assertEquals(1.5, startup.coresPerStart());
        assertEquals(1.5, startup.applyTo(ONE_CORE_EACH).consumers().startup().coresPerStart());
        assertTrue(startup.describe(ONE_CORE_EACH).endsWith(
                "; coresPerStart 1.50 fitted to the starts made together"));

        assertNull(MeasuredStartup.of(ONE_CORE_EACH, List.of(launchedTogether(400).list(), RESTARTS_ALONE.list()))
                .coresPerStart());
    }

    /**
     * Warmed up together at 3000 ms, the rule would need k = 4 (3000 * 2 / 3k = 500). But at k above the
     * node's 2 cores a lone start runs at 2 / k of its speed, so the restarts jvmStart was fitted from would
     * be simulated twice as long as they were. k stops at the node's cores, where a lone start takes its
     * draw, and the fitted jvmStart is the restarts' own times (300, 400, 525 ms: a lognormal through their
     * logarithms has median 398), even when the scenario's own k (4) would have counted them as half that work.
     */
    @Test
    void startsTogetherSlowerThanTheRuleCanMakeThemFitTheNodesCores() {
        Variant fourCoresEach = threePodsOnTwoCores(4);
        MeasuredStartup startup = MeasuredStartup.of(fourCoresEach,
                List.of(launchedTogether(3000).list(), RESTARTS_ALONE.list()));
        assertEquals(2.0, startup.coresPerStart());
        assertEquals(398, ((Distributions.LogNormal) startup.jvmStart()).medianMs(), 0.5);
        assertTrue(startup.describe(fourCoresEach).endsWith(
                "; coresPerStart 2.00 fitted to the starts made together (the node's cores: they were slower still)"),
                startup.describe(fourCoresEach));
    }

    @Test
    void anExitIsFromCloseReturningToTheProcessEnd() {
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(15_150, "c1", "closed").at(15_520, "c1", "exited")
                .at(20_000, "c2", "killed").at(20_010, "c2", "exited")   // a crash has no close
                .list();
        assertEquals(List.of(370.0), MeasuredStartup.spans(run, "closed", "exited"));
    }

    /**
     * A member that does not leave is fenced a session after its close's last commit (the commit renews it,
     * OffsetMetadataManager#commitOffset): close()'s work counts from that commit's answer to close() returning.
     * A commit before the stop is not the close's; a close that committed nothing gives no sample.
     */
    @Test
    void closeWorkIsFromTheClosesLastCommitToCloseReturning() {
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(14_900, "c1", "committed")
                .at(15_000, "c1", "stopRequested").at(15_030, "c1", "committed").at(15_047, "c1", "committed")
                .at(15_066, "c1", "revoked").at(15_092, "c1", "closed").at(15_420, "c1", "exited")
                .at(16_000, "c2", "committed").at(18_000, "c2", "stopRequested").at(18_040, "c2", "closed")
                .list();
        assertEquals(List.of(45.0), MeasuredStartup.closeWork(run));
    }

    @Test
    void samplesAreFittedAsALognormalThroughTheirLogarithms() {
        // ln 400, ln 500, ln 625: mean ln 500, sample standard deviation ln 1.25, so the p99 is
        // 500 * 1.25^2.3263 = 840.3.
        assertEquals(new Distributions.LogNormal(500, 840), MeasuredStartup.fit(List.of(400.0, 500.0, 625.0)));
        assertNull(MeasuredStartup.fit(List.of(400.0, 500.0)), "two samples are too few");
        assertNull(MeasuredStartup.fit(List.of(500.0, 500.0, 500.0)), "no spread: nothing to fit");
    }

    @Test
    void theSimulatedVariantGetsWhatWasMeasuredAndKeepsTheRest() {
        List<MeasuredEvent> first = new SyntheticEvents()
                .at(0, "c1", "podStart").started(400, "c1").at(5000, "c1", "closed").at(5330, "c1", "exited")
                .at(7330, "c1", "podStart").started(7830, "c1").list();
        List<MeasuredEvent> second = new SyntheticEvents().at(0, "c1", "podStart").started(625, "c1").list();
        MeasuredStartup startup = MeasuredStartup.of(EAGER, List.of(first, second));
        assertEquals(3, startup.starts());
        assertEquals(1, startup.exits());
        assertEquals(new Distributions.LogNormal(500, 840), startup.jvmStart());
        assertNull(startup.jvmExit(), "one exit is too few: the scenario's stays");
        Variant simulated = startup.applyTo(EAGER);
        StartupSpec own = EAGER.consumers().startup();
        assertEquals(new Distributions.LogNormal(500, 840), simulated.consumers().startup().jvmStart());
        assertSame(own.jvmExit(), simulated.consumers().startup().jvmExit());
        assertSame(own.clientWarmup(), simulated.consumers().startup().clientWarmup());
        assertEquals(EAGER.timeline(), simulated.timeline());
        assertEquals(EAGER.consumers().config(), simulated.consumers().config());
        assertEquals("jvmStart lognormal(median 500ms, p99 840ms) from 3 starts; clientWarmup the scenario's "
                + own.clientWarmup().describe() + " (0 first joins measured, 3 needed); closeWork the scenario's "
                + own.closeWork().describe() + " (0 closes measured, 3 needed); jvmExit the scenario's "
                + own.jvmExit().describe() + " (1 exits measured, 3 needed)", startup.describe(EAGER));
    }

    /**
     * A leader's SyncGroup in its process's first rebalance came 46, 56 and 84 ms after the coordinator's
     * "Stabilized" line; less the model's two 3 ms trips, 40, 50 and 78 ms of cold work: lognormal median 50.
     * A warm leader's quick assignment (c1 again, once it had partitions) is not a cold one, nor is a rebalance
     * whose join the log does not show; a restarted leader is cold again.
     */
    @Test
    void aColdLeadersFirstAssignmentIsReadFromTheCoordinatorsLines() {
        List<MeasuredEvent> first = new SyntheticEvents()
                .at(0, "c1", "podStart").at(0, "c2", "podStart")
                .joinCompleted(6000, 1).leaderSynced(6046, 1, "c1").assigned(6050, "c1", 1, "t-0")
                .assigned(6051, "c2", 1, "t-1")
                .joinCompleted(16_000, 2).leaderSynced(16_005, 2, "c1")
                .leaderSynced(17_005, 3, "c1")
                .at(20_000, "c1", "podStart").joinCompleted(26_000, 4).leaderSynced(26_056, 4, "c1")
                .list();
        List<MeasuredEvent> second = new SyntheticEvents()
                .at(0, "c2", "podStart").joinCompleted(5000, 1).leaderSynced(5084, 1, "c2").list();

        assertEquals(List.of(40.0, 50.0, 78.0), FirstAssignments.of(EAGER, List.of(first, second)));
        MeasuredStartup startup = MeasuredStartup.of(EAGER, List.of(first, second));
        assertEquals(3, startup.firstAssignments());
        assertEquals(MeasuredStartup.fit(List.of(40.0, 50.0, 78.0)), startup.firstAssignment());
        assertEquals(startup.firstAssignment(), startup.applyTo(EAGER).consumers().startup().firstAssignment());
        assertTrue(startup.describe(EAGER).endsWith("; firstAssignment "
                + startup.firstAssignment().describe() + " from 3 cold leaders' first assignments"),
                startup.describe(EAGER));
        assertSame(EAGER.consumers().startup().firstAssignment(),
                MeasuredStartup.of(EAGER, List.of(second)).applyTo(EAGER).consumers().startup().firstAssignment(),
                "one sample is too few: the scenario's stays");
    }

    /**
     * A fresh broker's first MEMBER_ID_REQUIRED round trip: the coordinator's "Created a new member id" line for
     * the run's first new member to its "Preparing to rebalance" line for generation 1 took 46, 56 and 84 ms;
     * less the model's two 3 ms trips (the answer, the rejoin), 40, 50 and 78 ms of cold coordinator. c2's later
     * new id is not a sample (the coordinator is warm by then), nor is a run whose first rebalance the log does
     * not show as generation 1.
     */
    @Test
    void aColdCoordinatorsFirstRejoinIsReadFromItsLines() {
        List<MeasuredEvent> first = new SyntheticEvents()
                .at(1000, "c1", CoordinatorLog.NEW_MEMBER).at(1010, "c2", CoordinatorLog.NEW_MEMBER)
                .add(1046, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1).list();
        List<MeasuredEvent> second = new SyntheticEvents()
                .at(2000, "c2", CoordinatorLog.NEW_MEMBER).add(2056, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1)
                .list();
        List<MeasuredEvent> third = new SyntheticEvents()
                .at(3000, "c1", CoordinatorLog.NEW_MEMBER).add(3084, EventLog.CLUSTER, CoordinatorLog.PREPARING, 1)
                .list();
        List<MeasuredEvent> unseen = new SyntheticEvents()
                .at(4000, "c1", CoordinatorLog.NEW_MEMBER).add(4500, EventLog.CLUSTER, CoordinatorLog.PREPARING, 2)
                .list();

        List<List<MeasuredEvent>> runs = List.of(first, second, third, unseen);
        assertEquals(List.of(40.0, 50.0, 78.0), FirstRejoins.of(EAGER, runs));
        MeasuredStartup startup = MeasuredStartup.of(EAGER, runs);
        assertEquals(3, startup.firstRejoins());
        assertEquals(MeasuredStartup.fit(List.of(40.0, 50.0, 78.0)), startup.coordinatorWarmup());
        Variant simulated = startup.applyTo(EAGER);
        assertEquals(startup.coordinatorWarmup(), simulated.cluster().coordinatorWarmup());
        assertEquals(EAGER.cluster().network(), simulated.cluster().network());
        assertTrue(startup.describe(EAGER).endsWith("; coordinatorWarmup "
                + startup.coordinatorWarmup().describe() + " from 3 runs' first rejoins"), startup.describe(EAGER));
        assertSame(ClusterSpec.WARM_COORDINATOR,
                MeasuredStartup.of(EAGER, List.of(first)).applyTo(EAGER).cluster().coordinatorWarmup(),
                "one sample is too few: the scenario's stays");
    }

    /**
     * A Streams process's first active tasks: c1 assigned at 10,000, its first restoreStart 300 ms later (the second
     * task's later one is not a sample, nor is its next assignment's); c2 got only warm-ups first (no partitions)
     * and its first active task 60 s later, restoring 550 ms after; c1 restarted is cold again: 400 ms.
     */
    @Test
    void aProcesssFirstActiveTasksColdWorkIsItsAssignmentToItsFirstRestoreStart() {
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(0, "c1", "podStart").at(0, "c2", "podStart")
                .assigned(10_000, "c1", 1, "t-0", "t-1").assigned(10_001, "c2", 1)
                .task(10_300, "c1", "restoreStart", "0_0", 0).task(10_600, "c1", "restoreStart", "0_1", 0)
                .assigned(70_000, "c1", 2, "t-0").task(70_010, "c1", "restoreStart", "0_0", 0)
                .assigned(70_001, "c2", 2, "t-1").task(70_551, "c2", "restoreStart", "0_1", 0)
                .at(80_000, "c1", "podStart").assigned(90_000, "c1", 3, "t-0")
                .task(90_400, "c1", "restoreStart", "0_0", 0)
                .list();

        assertEquals(List.of(300.0, 550.0, 400.0), FirstActiveTasks.of(List.of(run)));
        MeasuredStartup startup = MeasuredStartup.of(EAGER, List.of(run));
        assertEquals(MeasuredStartup.fit(List.of(300.0, 550.0, 400.0)), startup.firstActiveTask());
        assertEquals(startup.firstActiveTask(), startup.applyTo(EAGER).consumers().startup().firstActiveTask());
        assertTrue(startup.describe(EAGER).endsWith("; firstActiveTask "
                + startup.firstActiveTask().describe() + " from 3 processes' first active tasks"),
                startup.describe(EAGER));
    }

    @Test
    void theWarmupIsTheWaitForTheFirstJoinLessTheModelsOwnRequests() {
        // Started to the coordinator's line for the first JoinGroup 439, 539 and 664 ms; less 39 ms of requests
        // the model sends itself: 400, 500, 625. c3 never joined: its start counts, it has no warm-up.
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(0, "c1", "podStart").started(500, "c1").at(939, "c1", CoordinatorLog.NEW_MEMBER)
                .at(5000, "c2", "podStart").started(5500, "c2").at(6039, "c2", CoordinatorLog.NEW_MEMBER)
                .at(9000, "c1", "podStart").started(9500, "c1").at(10_164, "c1", CoordinatorLog.NEW_MEMBER)
                .at(20_000, "c3", "podStart").started(20_500, "c3")
                .list();
        MeasuredStartup startup = MeasuredStartup.of(EAGER, List.of(run));
        assertEquals(4, startup.starts());
        assertEquals(3, startup.firstJoins());
        assertEquals(new Distributions.LogNormal(500, 840), startup.clientWarmup());
        assertEquals(new Distributions.LogNormal(500, 840), startup.applyTo(EAGER).consumers().startup().clientWarmup());
    }

    /**
     * Without the coordinator's log (a cluster of the user's), a KIP-848 member's first join is its answer's
     * epoch, which the worker sees one trip after the heartbeat reached the coordinator: started to the first
     * epoch above 0 less 14 * 3 = 42 ms of the model's own requests. Epoch -1 (not yet in the group) is no
     * answer.
     */
    @Test
    void aConsumerProtocolWarmupEndsFourteenTripsBeforeItsFirstEpoch() {
        Variant consumer = SyntheticEvents.variant(MeasuredMetricsTest.CONSUMER_PROTOCOL
                + "cluster: {network: {latency: 3ms}}\n");
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(0, "c1", "podStart").started(500, "c1").add(510, "c1", "epoch", -1).add(742, "c1", "epoch", 5)
                .at(5000, "c2", "podStart").started(5500, "c2").add(5842, "c2", "epoch", 6)
                .add(7000, "c2", "epoch", 7)
                .at(9000, "c1", "podStart").started(9500, "c1").add(9667, "c1", "epoch", 8)
                .list();
        MeasuredStartup startup = MeasuredStartup.of(consumer, List.of(run));
        assertEquals(3, startup.firstJoins());
        // c1's two starts (200 and 125 ms), then c2's (300 ms): starts are listed in the order they ended.
        List<Double> warmups = MeasuredStartup.startWork(consumer, run, 1).stream().map(w -> w.warmupMs()).toList();
        assertEquals(List.of(200.0, 125.0, 300.0), warmups);
        // Logarithms 5.298, 4.828, 5.704: mean 5.277 (e^ = 196 ms), sd 0.438, p99 e^(5.277 + 2.326 * 0.438) = 542.
        assertEquals(new Distributions.LogNormal(196, 542), startup.clientWarmup());
    }

    /**
     * With the coordinator's log, a KIP-848 member's first heartbeat is named there (a dynamic member by the
     * id its worker reported), and that line ends the warm-up, 13 trips after it: the epoch, which the worker
     * logs only when its poll() returns (here 60 to 95 ms later), is not the end.
     */
    @Test
    void aConsumerProtocolWarmupEndsAtTheCoordinatorsLineWhenThereIsOne() {
        Variant consumer = SyntheticEvents.variant(MeasuredMetricsTest.CONSUMER_PROTOCOL
                + "cluster: {network: {latency: 3ms}}\n");
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(0, "c1", "podStart").started(500, "c1").at(739, "c1", CoordinatorLog.NEW_MEMBER)
                .add(834, "c1", "epoch", 5)
                .at(5000, "c2", "podStart").started(5500, "c2").at(5839, "c2", CoordinatorLog.NEW_MEMBER)
                .add(5900, "c2", "epoch", 6)
                .at(9000, "c1", "podStart").started(9500, "c1").at(9664, "c1", CoordinatorLog.NEW_MEMBER)
                .add(9740, "c1", "epoch", 8)
                .list();
        List<Double> warmups = MeasuredStartup.startWork(consumer, run, 1).stream().map(w -> w.warmupMs()).toList();
        assertEquals(List.of(200.0, 125.0, 300.0), warmups);
        // The same three warm-ups as from the epochs above: lognormal(196, 542), not the epochs' 60 to 95 ms later.
        assertEquals(new Distributions.LogNormal(196, 542), MeasuredStartup.of(consumer, List.of(run)).clientWarmup());
    }

    /** The events read for the fit are the orchestrator's and the coordinator's, not the pod's own story. */
    @Test
    void theFitsEventsAddNothingToTheMeasuredTimeline() {
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(0, "c1", "podStart").started(500, "c1").at(939, "c1", CoordinatorLog.NEW_MEMBER)
                .at(15_000, "c1", "closed").at(15_340, "c1", "exited").list();
        List<String> stories = MeasuredMetrics.compute(EAGER, run).series().events().stream()
                .map(story -> story.what()).toList();
        assertTrue(stories.stream().noneMatch(what -> what.contains("exited") || what.contains("coordinator")),
                stories.toString());
    }
}
