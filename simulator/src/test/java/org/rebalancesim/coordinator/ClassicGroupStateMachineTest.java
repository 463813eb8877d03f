package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.DEAD;
import static org.rebalancesim.coordinator.ClassicGroupState.EMPTY;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;
import static org.rebalancesim.coordinator.Harness.tp;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rebalancesim.events.Cause;

/** The classic group state machine (docs/kafka-semantics.md §1), transition by transition. */
class ClassicGroupStateMachineTest {

    /**
     * §1 "Legal transitions", written out from the spec (not from ClassicGroupState itself): the same
     * table as the static initialiser of Kafka's classic/ClassicGroupState (addValidPreviousStates).
     */
    private static final Map<ClassicGroupState, Set<ClassicGroupState>> LEGAL_FROM = Map.of(
            EMPTY, EnumSet.of(PREPARING_REBALANCE),
            PREPARING_REBALANCE, EnumSet.of(STABLE, COMPLETING_REBALANCE, EMPTY),
            COMPLETING_REBALANCE, EnumSet.of(PREPARING_REBALANCE),
            STABLE, EnumSet.of(COMPLETING_REBALANCE),
            DEAD, EnumSet.allOf(ClassicGroupState.class));

    static Stream<Arguments> allPairs() {
        return Stream.of(ClassicGroupState.values())
                .flatMap(from -> Stream.of(ClassicGroupState.values()).map(to -> Arguments.of(from, to)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("allPairs")
    void everyPairIsLegalExactlyWhenTheSpecSaysSo(ClassicGroupState from, ClassicGroupState to) {
        ClassicGroup group = new ClassicGroup("g1", from, 0, null, null, event -> { }, new Outbox());
        if (LEGAL_FROM.get(to).contains(from)) {
            assertDoesNotThrow(() -> group.transitionTo(to, Cause.progress("test")));
            assertEquals(to, group.state());
            assertEquals(from, group.previousState());
        } else {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> group.transitionTo(to, Cause.progress("test")));
            // docs/ARCHITECTURE.md, habit 8: the failure names the group, the state and the target.
            assertTrue(e.getMessage().contains("g1") && e.getMessage().contains(from.name())
                    && e.getMessage().contains(to.name()), e.getMessage());
            assertEquals(from, group.state());
        }
    }

    @Test
    void canRebalanceInStableCompletingRebalanceAndEmpty() {
        // §1: canRebalance is true in Stable, CompletingRebalance and Empty.
        assertEquals(EnumSet.of(STABLE, COMPLETING_REBALANCE, EMPTY),
                EnumSet.copyOf(Stream.of(ClassicGroupState.values()).filter(ClassicGroupState::canRebalance).toList()));
    }

    /**
     * Every legal transition, triggered the way Kafka triggers it (§1 Triggers), through the coordinator:
     * a new member (Empty->Prep), join completion (Prep->Completing), the leader's SyncGroup
     * (Completing->Stable), the leader's JoinGroup (Stable->Prep), a new member during
     * CompletingRebalance (Completing->Prep), a LeaveGroup (Stable->Prep), the last member leaving
     * (Prep->Empty, generation + 1) and an unload (->Dead).
     */
    @Test
    void lifecycleThroughEveryLegalTransition() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        h.runUntil(0); // initial delay 0: the join completes at once
        h.sync(c1, null, 1, Map.of(c1, List.of(tp(0))));

        h.rejoin(c1); // the leader's JoinGroup always rebalances; alone, it completes at once
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2, h.coordinator.generationId());

        Harness.Joining c2 = h.joinDynamic("c2"); // a new member during CompletingRebalance
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.rejoin(c1); // everybody parked: the join completes early
        assertEquals(3, h.coordinator.generationId());
        h.sync(c2.memberId(), 3);
        h.sync(c1, null, 3, Map.of(c1, List.of(tp(0)), c2.memberId(), List.of(tp(1))));
        assertEquals(STABLE, h.coordinator.state());

        assertEquals(Errors.NONE, h.leave(c1)); // Stable -> Prep; c2 has not rejoined yet
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.rejoin(c2.memberId());
        assertEquals(4, h.coordinator.generationId());
        assertEquals(c2.memberId(), h.coordinator.leaderId()); // the only member left leads
        h.sync(c2.memberId(), null, 4, Map.of(c2.memberId(), List.of(tp(0), tp(1))));

        assertEquals(Errors.NONE, h.leave(c2.memberId())); // the last member: Prep completes with nobody
        assertEquals(EMPTY, h.coordinator.state());
        assertEquals(5, h.coordinator.generationId()); // §1: the generation still goes up by 1

        h.coordinator.unload();
        assertEquals(List.of("EMPTY->PREPARING_REBALANCE", "PREPARING_REBALANCE->COMPLETING_REBALANCE",
                        "COMPLETING_REBALANCE->STABLE", "STABLE->PREPARING_REBALANCE",
                        "PREPARING_REBALANCE->COMPLETING_REBALANCE", "COMPLETING_REBALANCE->PREPARING_REBALANCE",
                        "PREPARING_REBALANCE->COMPLETING_REBALANCE", "COMPLETING_REBALANCE->STABLE",
                        "STABLE->PREPARING_REBALANCE", "PREPARING_REBALANCE->COMPLETING_REBALANCE",
                        "COMPLETING_REBALANCE->STABLE", "STABLE->PREPARING_REBALANCE",
                        "PREPARING_REBALANCE->EMPTY", "EMPTY->DEAD"),
                h.events.path());
        // The listener is told the generation each state belongs to: Completing of gen 1 and Empty of gen 5.
        assertEquals(1, h.events.transitions.get(1).generationId());
        assertEquals(5, h.events.transitions.get(12).generationId());
        assertTrue(h.events.transitions.get(3).reason().contains("leader"), h.events.transitions.get(3).reason());
        assertTrue(h.events.transitions.get(8).reason().contains("left the group"));
    }

    @Test
    void listenerSeesTheOldGenerationWhenARebalanceStartsAndTheNewOneWhenItCompletes() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.events.clear();
        h.rejoin(ids.get(0));
        assertEquals(1, h.events.transitions.get(0).generationId()); // Stable(1) -> Prep keeps generation 1
        h.rejoin(ids.get(1));
        assertEquals(2, h.events.transitions.get(1).generationId()); // the join completion bumps it to 2
    }
}
