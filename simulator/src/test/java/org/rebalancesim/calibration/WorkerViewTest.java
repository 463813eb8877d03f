package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodBlocked;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.run.RecorderView;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioLoader;

/** The simulated run as the calibration worker sees a real consumer: an eager stop from its first callback. */
class WorkerViewTest {

    private static final List<TopicPartition> T0 = List.of(new TopicPartition("t", 0));

    @Test
    void anEagerStopIsHeardAtTheRevocationAndOneWithNothingOwnedAtOnce() {
        List<GroupEvent> heard = new ArrayList<>();
        GroupEvents view = WorkerView.of(SyntheticEvents.variant(MeasuredMetricsTest.EAGER)).inFrontOf(heard::add);
        view.publish(new PodBlocked("c2", true));   // starting, owns nothing: nothing to commit first
        view.publish(new PartitionsAssigned("c1", T0, 0));
        view.publish(new PodBlocked("c1", true));   // onJoinPrepare: the commit goes out, no callback yet
        assertEquals(List.of(new PodBlocked("c2", true), new PartitionsAssigned("c1", T0, 0)), heard);
        view.publish(new PartitionsRevoked("c1", T0, 0));
        assertEquals(List.of(new PodBlocked("c1", true), new PartitionsRevoked("c1", T0, 0)), heard.subList(2, 4));

        heard.clear();
        view.publish(new PartitionsAssigned("c1", T0, 0));
        view.publish(new PodBlocked("c1", true));
        view.publish(new PodBlocked("c1", false));   // the process died before the callback: the worker saw nothing
        view.publish(new PodStateChanged("c1", MemberState.DOWN));
        view.publish(new PodBlocked("c1", true));    // its next process owns nothing
        assertEquals(List.of(new PartitionsAssigned("c1", T0, 0), new PodStateChanged("c1", MemberState.DOWN),
                new PodBlocked("c1", true)), heard);
    }

    @Test
    void onlyTheEagerProtocolIsSeenDifferently() {
        assertSame(RecorderView.AS_MODELLED, WorkerView.of(SyntheticEvents.variant(
                MeasuredMetricsTest.EAGER.replace("strategy: range", "strategy: cooperative-sticky"))));
    }

    /**
     * c2 leaves at 10 s; c1 learns at its next heartbeat and, in onJoinPrepare, commits with auto-commit
     * before its onPartitionsRevoked: an OffsetCommit round trip, two one-way trips of 10 ms. So c1's stop
     * as its callbacks show it is 20 ms shorter than the stop Kafka makes, in its one rebalance.
     */
    @Test
    void theWorkerSeesAnEagerStopOneCommitRoundTripLate() throws Exception {
        Scenario scenario = ScenarioLoader.fromText("""
                name: view
                duration: 20s
                measure: {from: 5s}
                cluster: {network: {latency: 10ms}}
                group: {id: g}
                topics: [{name: t, partitions: 4, rate: 20/s}]
                consumers:
                  count: 2
                  config: {partition.assignment.strategy: range}
                timeline:
                  - at: 10s
                    stop: {consumer: c2}
                """, "view.yaml");
        long modelled = stopTheWorld(scenario, RecorderView.AS_MODELLED);
        long seen = stopTheWorld(scenario, WorkerView.of(scenario.variants().get(0)));
        assertEquals(20, modelled - seen, "modelled " + modelled + " ms, seen " + seen + " ms");
    }

    private static long stopTheWorld(Scenario scenario, RecorderView view) {
        return ScenarioRunner.run(scenario, null, ScenarioRunner.DEFAULT_MAX_EVENTS, Assignors.builtIn(), Checks.ALL, view)
                .variants().get(0).metrics().get("stopTheWorldMs").longValue();
    }
}
