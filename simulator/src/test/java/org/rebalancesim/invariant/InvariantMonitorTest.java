package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.OffsetRange;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.ClassicEvents;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.Fetched;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/** Each check, fed by hand the way the model would report a bug (and a zombie, which is not one). */
class InvariantMonitorTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);

    private final Simulation sim = new Simulation(1_000);
    private final InvariantMonitor monitor = new InvariantMonitor(sim, Checks.ALL,
            new Production(List.of(new TopicSpec("t", 2, 10))), new ProcessingLedger(), topic -> true);

    private void tell(GroupEvent event) {
        event.deliverTo(monitor);
    }

    private InvariantViolation violation(Runnable event) {
        return assertThrows(InvariantViolation.class, event::run);
    }

    @Test
    void twoOwnersInOneGenerationStopTheRun() {
        tell(new PodRebalanceCompleted("c1", 4));
        tell(new PartitionsAssigned("c1", List.of(P0), 0));
        tell(new PodRebalanceCompleted("c2", 4));
        InvariantViolation v = violation(() -> tell(new PartitionsAssigned("c2", List.of(P0, P1), 0)));
        assertEquals(Invariant.SINGLE_OWNER, v.invariant());
        assertEquals("t-0 is owned by c1 and c2, both in generation 4", v.detail());
        assertEquals("c2 was assigned [t-0, t-1] in generation 4", v.event());
    }

    @Test
    void aZombieOfAnOlderGenerationAndALeftoverTheNewAssignmentDropsAreNot() {
        tell(new MemberIdAssigned("c1", "m1"));
        tell(new MemberIdAssigned("c2", "m2"));
        tell(new PodRebalanceCompleted("c1", 3));
        tell(new PartitionsAssigned("c1", List.of(P0), 0));
        tell(new PodRebalanceCompleted("c2", 4));
        tell(new PartitionsAssigned("c2", List.of(P0), 0));
        // c1 (fenced, rejoined) completes generation 5 whose assignment gives it only t-1: t-0 stays its
        // generation-3 leftover, which it revokes next.
        ClassicEvents.stable(this::tell, 5, Map.of("m1", List.of(P1), "m2", List.of()));
        tell(new PodRebalanceCompleted("c1", 5));
        tell(new PartitionsRevoked("c1", List.of(P0), 0));
        tell(new PartitionsAssigned("c1", List.of(P1), 0));
    }

    @Test
    void aPodFetchesOnlyWhatItOwnsAndNothingOnceItIsDown() {
        tell(new PodRebalanceCompleted("c1", 1));
        tell(new PartitionsAssigned("c1", List.of(P0), 0));
        tell(new Fetched("c1", List.of(new OffsetRange(P0, 0, 10))));
        assertEquals(Invariant.OWNED_PROCESSING, violation(() -> tell(new Fetched("c1", List.of(new OffsetRange(P1, 0, 10))))).invariant());
        tell(new PodStateChanged("c1", MemberState.DOWN));
        assertEquals("c1 does not own t-0 (it owns [])", violation(() -> tell(new Fetched("c1", List.of(new OffsetRange(P0, 10, 20))))).detail());
    }

    @Test
    void generationsNeverGoBack() {
        tell(new GroupStateChanged(ClassicGroupState.EMPTY, ClassicGroupState.PREPARING_REBALANCE, 3, Cause.progress("joined")));
        assertEquals(Invariant.MONOTONIC_EPOCHS, violation(() -> tell(new GroupStateChanged(
                ClassicGroupState.PREPARING_REBALANCE, ClassicGroupState.COMPLETING_REBALANCE, 2, Cause.progress("bug")))).invariant());
        tell(new PodRebalanceCompleted("c1", 5));
        assertTrue(violation(() -> tell(new PodRebalanceCompleted("c1", 4))).detail().contains("5"));
        tell(new GroupEpochBumped(7, Cause.progress("joined")));
        assertEquals(Invariant.MONOTONIC_EPOCHS, violation(() -> tell(new GroupEpochBumped(7, Cause.progress("again")))).invariant());
    }

    @Test
    void aTimerOfAGoneOwnerMustNotFire() {
        sim.auditTimers(monitor);
        boolean[] alive = {true};
        Timer timer = sim.timer("the session timer of member m1", () -> alive[0]);
        timer.schedule(10, () -> { });
        alive[0] = false;
        InvariantViolation v = violation(() -> sim.runUntil(20));
        assertEquals(Invariant.TIMER_OWNER, v.invariant());
        assertEquals(10, v.timeMs());
        assertEquals("the session timer of member m1 fired", v.event());
    }
}
