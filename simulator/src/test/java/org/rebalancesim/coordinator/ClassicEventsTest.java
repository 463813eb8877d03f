package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.RebalanceAbandoned;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/** The classic group's steps in the words of the event stream (§1: a rebalance in flight is not persisted). */
class ClassicEventsTest {

    private final List<GroupEvent> published = new ArrayList<>();
    private final Cause joined = Cause.of(RebalanceTrigger.MEMBER_JOINED, "m2", "member m2 joined");

    @Test
    void preparingRebalanceStartsARebalanceFromEmptyOrFromStable() {
        ClassicEvents.transition(published::add, ClassicGroupState.EMPTY, ClassicGroupState.PREPARING_REBALANCE, 0, joined);
        ClassicEvents.transition(published::add, ClassicGroupState.STABLE, ClassicGroupState.PREPARING_REBALANCE, 3, joined);
        assertEquals(List.of(
                new GroupStateChanged(ClassicGroupState.EMPTY, ClassicGroupState.PREPARING_REBALANCE, 0, joined),
                new RebalanceStarted(joined, true),
                new GroupStateChanged(ClassicGroupState.STABLE, ClassicGroupState.PREPARING_REBALANCE, 3, joined),
                new RebalanceStarted(joined, false)), published);
    }

    @Test
    void emptyAndDeadAbandonTheRebalanceInFlightCompletingDoesNot() {
        Cause progress = Cause.progress("join phase completed");
        ClassicEvents.transition(published::add, ClassicGroupState.PREPARING_REBALANCE,
                ClassicGroupState.COMPLETING_REBALANCE, 4, progress);
        ClassicEvents.transition(published::add, ClassicGroupState.PREPARING_REBALANCE, ClassicGroupState.EMPTY, 5,
                progress);
        ClassicEvents.transition(published::add, ClassicGroupState.COMPLETING_REBALANCE, ClassicGroupState.DEAD, 6,
                progress);
        assertEquals(List.of(
                new GroupStateChanged(ClassicGroupState.PREPARING_REBALANCE, ClassicGroupState.COMPLETING_REBALANCE, 4,
                        progress),
                new GroupStateChanged(ClassicGroupState.PREPARING_REBALANCE, ClassicGroupState.EMPTY, 5, progress),
                new RebalanceAbandoned(5),
                new GroupStateChanged(ClassicGroupState.COMPLETING_REBALANCE, ClassicGroupState.DEAD, 6, progress),
                new RebalanceAbandoned(6)), published);
    }

    @Test
    void aStoredAssignmentIsTheGenerationsAndCompletesItsRebalance() {
        Map<String, List<TopicPartition>> assignment = Map.of("m1", List.of(new TopicPartition("t", 0)));
        ClassicEvents.stable(published::add, 2, assignment);
        assertEquals(List.of(new AssignmentComputed(2, assignment, AssignmentComputed.Kind.GENERATION),
                new RebalanceCompleted(2)), published);
    }

    @Test
    void removalsAreWordedAsTheClassicCoordinatorWordsThem() {
        assertEquals("LEAVE_GROUP", ClassicEvents.removed("m1", null, RemovalReason.LEAVE).wording());
        assertEquals("REPLACED_BY_STATIC_MEMBER", ClassicEvents.removed("m1", "s1", RemovalReason.REPLACED).wording());
        assertEquals("JOIN_TIMEOUT", ClassicEvents.removed("m1", null, RemovalReason.JOIN_TIMEOUT).wording());
        assertEquals(RemovalReason.REPLACED, ClassicEvents.removed("m1", "s1", RemovalReason.REPLACED).reason());
    }
}
