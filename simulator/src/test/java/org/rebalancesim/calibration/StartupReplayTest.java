package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ReplayedStarts;
import org.rebalancesim.scenario.ReplayedStarts.Start;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.Variant;

/** calibrate --replay-startups: a measured run's starts, pod by pod, for the simulated pods to take. */
class StartupReplayTest {

    /** Every message takes 3 ms: the model's start-up requests take 13 * 3 = 39 ms before the first JoinGroup. */
    private static final Variant EAGER = SyntheticEvents.variant(MeasuredMetricsTest.EAGER
            + "cluster: {network: {latency: 3ms}}\n");

    /**
     * The harness launched c1 and c2 at 50 and 70 ms, where the simulation launches both at 0: their first
     * starts count from 0, so the replayed processes come up at the measured 1500 and 1400 ms. The warm-up
     * ends the model's 13 one-way trips (39 ms) before the coordinator's line for the first JoinGroup. c1's
     * restart counts from its own launch; c2's second launch never came up before the run ended, so its
     * times are drawn.
     */
    @Test
    void readsEachPodsStartsInTheOrderTheyWereLaunched() {
        List<MeasuredEvent> run = new SyntheticEvents()
                .at(50, "c1", "podStart").at(70, "c2", "podStart")
                .started(1_400, "c2").started(1_500, "c1")
                .at(1_689, "c2", CoordinatorLog.NEW_MEMBER).at(1_839, "c1", CoordinatorLog.NEW_MEMBER)
                .at(12_000, "c1", "podStart").started(12_600, "c1").at(12_939, "c1", CoordinatorLog.NEW_MEMBER)
                .at(20_000, "c2", "podStart")
                .list();

        ReplayedStarts starts = StartupReplay.of(EAGER, run);

        assertEquals(Map.of("c1", List.of(new Start(1_500, 300), new Start(600, 300)),
                "c2", List.of(new Start(1_400, 250), new Start(Start.DRAWN, Start.DRAWN))), starts.byPod());
    }

    /** The replayed variant shares no cores: the measured times already hold what sharing them cost. */
    @Test
    void theReplayedVariantSharesNoCores() {
        Variant contended = SyntheticEvents.variant(MeasuredMetricsTest.EAGER.replace("count: 2",
                "count: 2\n  startup: {nodeCores: 2, coresPerStart: 1.75}"));
        ReplayedStarts starts = new ReplayedStarts(Map.of("c1", List.of(new Start(900, 100))));

        StartupSpec replayed = StartupReplay.applyTo(contended, starts).consumers().startup();

        assertSame(starts, replayed.replayed());
        assertFalse(replayed.hasContention());
        assertEquals(contended.consumers().startup().jvmStart(), replayed.jvmStart(), "unreplayed starts draw");
    }
}
