package org.rebalancesim.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ConsumerSelector;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.FaultKind;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.TimelineEvent;

class FaultArrivalsTest {

    private static final List<String> PODS = List.of("c1", "c2", "c3");

    private static List<TimelineEvent> drawAll(FaultArrivals arrivals) {
        List<TimelineEvent> events = new ArrayList<>();
        for (TimelineEvent next = arrivals.next(); next != null; next = arrivals.next()) {
            events.add(next);
        }
        return events;
    }

    private static ConsumerSelector pod(String name) {
        return ConsumerSelector.of(List.of(name));
    }

    @Test
    void aConstantGapFiresEveryGapUntilTheEndOfTheRun() {
        FaultSpec pause = new FaultSpec(FaultKind.GC_PAUSE, pod("c2"), -1, new Distributions.Constant(10_000),
                new Distributions.Constant(1_500));
        List<FaultArrivals> arrivals = FaultArrivals.of(List.of(pause), PODS, 7, 0, 35_000);
        assertEquals(1, arrivals.size());
        // 10 s, 20 s, 30 s; the next at 40 s is past the 35 s run.
        assertEquals(List.of(new TimelineEvent(10_000, new Operation.GcPause(pod("c2"), 1_500)),
                new TimelineEvent(20_000, new Operation.GcPause(pod("c2"), 1_500)),
                new TimelineEvent(30_000, new Operation.GcPause(pod("c2"), 1_500))), drawAll(arrivals.get(0)));
        assertNull(arrivals.get(0).next());
    }

    @Test
    void everyPodHasItsOwnArrivalsAndTheBrokerOne() {
        FaultSpec crash = new FaultSpec(FaultKind.CRASH, ConsumerSelector.allPods(), -1,
                new Distributions.Constant(60_000), null);
        FaultSpec failure = new FaultSpec(FaultKind.BROKER_FAILURE, ConsumerSelector.of(List.of()), -1,
                new Distributions.Constant(60_000), new Distributions.Constant(30_000));
        List<FaultArrivals> arrivals = FaultArrivals.of(List.of(crash, failure), PODS, 7, 0, 100_000);
        assertEquals(4, arrivals.size());
        // No restartAfter: the crashed pod stays down (-1).
        assertEquals(List.of(new TimelineEvent(60_000, new Operation.Crash(pod("c3"), -1))), drawAll(arrivals.get(2)));
        assertEquals(List.of(new TimelineEvent(60_000, new Operation.BrokerFailure(-1, 30_000))),
                drawAll(arrivals.get(3)));
    }

    @Test
    void aPodsDrawsDoNotDependOnTheOtherPods() {
        FaultSpec pause = new FaultSpec(FaultKind.GC_PAUSE, ConsumerSelector.allPods(), -1,
                new Distributions.Exponential(5_000), new Distributions.Exponential(1_000));
        List<TimelineEvent> alone = drawAll(FaultArrivals.of(List.of(pause), List.of("c2"), 11, 0, 600_000).get(0));
        List<TimelineEvent> amongOthers = drawAll(FaultArrivals.of(List.of(pause), PODS, 11, 0, 600_000).get(1));
        assertEquals(alone, amongOthers);
    }
}
