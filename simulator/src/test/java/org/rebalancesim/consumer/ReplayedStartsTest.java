package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.consumer.StartupTimingTest.ONE_WAY_MS;
import static org.rebalancesim.consumer.StartupTimingTest.scenario;
import static org.rebalancesim.run.SimRuns.load;
import static org.rebalancesim.run.SimRuns.runScenario;
import static org.rebalancesim.run.SimRuns.spans;
import static org.rebalancesim.run.SimRuns.startedAt;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.ReplayedStarts;
import org.rebalancesim.scenario.ReplayedStarts.Start;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * Start-ups replayed from a measured run (calibrate --replay-startups): each pod's starts take the measured
 * times in order, whatever the scenario's distributions and its node's cores say, and a start the run did
 * not have is drawn. Latency is a constant 5 ms one way: a new classic member's JoinGroup with its member id
 * reaches the coordinator 15 one-way trips after its warm-up (StartupTimingTest).
 */
class ReplayedStartsTest {

    /**
     * The file says 1 s starts and 600 ms warm-ups sharing one core (both pods up at 2 s, warmed up at
     * 3.2 s). Replayed: c2 up at 1200 ms and warmed up 250 ms later, so its JoinGroup opens the group's
     * first rebalance at 1450 + 75 ms; c1 up at 1500. c1's restart after its crash at 20 s is launched at
     * 21 s and up after its replayed 700 ms. Its third start, which the run did not have, draws its 1 s, on
     * a core of its own (the replayed times already hold what sharing the cores cost): up at 42 s.
     */
    @Test
    void eachStartTakesItsMeasuredTimesInOrder() {
        String timeline = "[{at: 20s, crash: {consumer: c1, restartAfter: 1s}}, "
                + "{at: 40s, crash: {consumer: c1, restartAfter: 1s}}]";
        Scenario file = load(scenario("{jvmStart: 1s, clientWarmup: 600ms, nodeCores: 1}", 2, "classic", timeline),
                "replayed");
        ReplayedStarts measured = new ReplayedStarts(Map.of(
                "c1", List.of(new Start(1_500, 300), new Start(700, Start.DRAWN)),
                "c2", List.of(new Start(1_200, 250))));

        VariantResult result = run(file, measured);

        assertEquals(List.of(1_500L, 21_700L, 42_000L), startedAt(result, "c1"));
        assertEquals(List.of(1_200L), startedAt(result, "c2"));
        assertEquals(1_450 + 15 * ONE_WAY_MS, spans(result).get(0).startMs());
    }

    private static VariantResult run(Scenario file, ReplayedStarts starts) {
        Variant variant = file.variants().get(0);
        Variant replayed = variant.withConsumers(variant.consumers().withStartup(
                variant.consumers().startup().replaying(starts)));
        return runScenario(file.withOnly(replayed)).variants().get(0);
    }
}
