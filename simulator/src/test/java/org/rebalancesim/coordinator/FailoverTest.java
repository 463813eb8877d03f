package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.DEAD;
import static org.rebalancesim.coordinator.ClassicGroupState.EMPTY;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;
import static org.rebalancesim.coordinator.Harness.tp;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Messages.LeaveGroupRequest;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.events.RemovalReason;

/** Coordinator failover: unload and load (docs/kafka-semantics.md §11). */
class FailoverTest {

    private static ClassicGroupCoordinator reload(Harness h) {
        h.coordinator.unload();
        h.coordinator = ClassicGroupCoordinator.loaded(h.sim, Harness.GROUP, h.settings, h.offsets, h.memberIds,
                h.events, h.coordinator.snapshot());
        return h.coordinator;
    }

    /** §11: unloading in PreparingRebalance answers the parked JoinGroups NOT_COORDINATOR. */
    @Test
    void unloadAnswersParkedJoinsAndRefusesEverythingAfterwards() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        var parked = h.rejoin(ids.get(0));
        ClassicGroupCoordinator old = h.coordinator;
        old.unload();
        assertEquals(DEAD, old.state());
        assertEquals("PREPARING_REBALANCE->DEAD", h.events.lastTransition().toString());
        assertEquals(Errors.NOT_COORDINATOR, parked.single().error());

        assertEquals(Errors.NOT_COORDINATOR, h.heartbeat(ids.get(1), 1));
        assertEquals(Errors.NOT_COORDINATOR, h.rejoin(ids.get(1)).single().error());
        assertEquals(Errors.NOT_COORDINATOR, h.sync(ids.get(1), 1).single().error());
        assertEquals(Errors.NOT_COORDINATOR, h.leave(ids.get(1)));
        assertEquals(Errors.NOT_COORDINATOR, h.commit(ids.get(1), 1, Map.of(tp(0), 1L)));

        // Every timer was cancelled: the join timeout and session expiries never fire.
        int transitions = h.events.transitions.size();
        h.runUntil(1_000_000);
        assertEquals(transitions, h.events.transitions.size());
        assertTrue(h.events.removals.isEmpty());
    }

    /** §11: unloading in CompletingRebalance answers the parked SyncGroups NOT_COORDINATOR. */
    @Test
    void unloadAnswersParkedSyncs() {
        Harness h = new Harness();
        h.joinDynamic("c1");
        String c2 = h.joinDynamic("c2").memberId();
        h.runUntil(0);
        var parked = h.sync(c2, 1);
        h.coordinator.unload();
        assertEquals(SyncGroupResponse.error(Errors.NOT_COORDINATOR), parked.single());
    }

    /**
     * §11: the new coordinator loads the group Stable at the persisted generation with its members and
     * assignments, starts every session timer afresh (c2, silent, expires 10 s after the load, not 10 s
     * after its last heartbeat), and does not rebalance.
     */
    @Test
    void loadedGroupIsStableWithFreshSessionTimers() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.runUntil(5_000);
        ClassicGroupCoordinator loaded = reload(h);
        h.events.clear();
        assertEquals(STABLE, loaded.state());
        assertEquals(1, loaded.generationId());
        assertEquals(ids.get(0), loaded.leaderId());
        assertEquals(ids, loaded.memberIds());
        assertEquals("range", loaded.protocolName());
        assertEquals(new SyncGroupResponse(Errors.NONE, List.of(tp(1))), h.sync(ids.get(1), 1).single());
        assertEquals(Errors.NONE, h.heartbeat(ids.get(0), 1));

        h.heartbeatEvery(ids.get(0), null, 1, 3_000, 30_000);
        h.runUntil(14_999);
        assertEquals(STABLE, loaded.state());
        assertTrue(h.events.transitions.isEmpty());
        h.runUntil(15_000);
        assertEquals(PREPARING_REBALANCE, loaded.state());
        assertEquals(ids.get(1), h.events.removals.get(0).memberId());
        assertEquals(RemovalReason.SESSION_TIMEOUT, h.events.removals.get(0).reason());
    }

    /**
     * §11: a rebalance in flight is lost. Generation 2 completed its join but was never stored: the
     * loaded group is Stable at generation 1, holders of generation 2 get ILLEGAL_GENERATION, and the
     * leader's JoinGroup forces a new rebalance (to generation 2 again).
     */
    @Test
    void aRebalanceInFlightIsLost() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.rejoin(ids.get(0));
        h.rejoin(ids.get(1));
        assertEquals(2, h.coordinator.generationId());
        ClassicGroupCoordinator loaded = reload(h);
        assertEquals(STABLE, loaded.state());
        assertEquals(1, loaded.generationId());
        assertEquals(Errors.ILLEGAL_GENERATION, h.heartbeat(ids.get(1), 2));
        h.rejoin(ids.get(0));
        assertEquals(PREPARING_REBALANCE, loaded.state());
    }

    @Test
    void anEmptyGroupLoadsEmpty() {
        Harness h = new Harness();
        ClassicGroupCoordinator loaded = reload(h);
        assertEquals(EMPTY, loaded.state());
        assertEquals(0, loaded.generationId());
        assertEquals(GroupSnapshot.empty(0), loaded.snapshot());

        Harness h2 = new Harness();
        List<String> ids = h2.stableGroup("c1");
        h2.coordinator.leaveGroup(new LeaveGroupRequest(ids.get(0), null), r -> { });
        ClassicGroupCoordinator reloaded = reload(h2);
        assertEquals(EMPTY, reloaded.state());
        assertEquals(2, reloaded.generationId());
    }

    /** Kafka persists only the selected protocol's subscription: a loaded member supports only that one. */
    @Test
    void theSnapshotKeepsOnlyTheSelectedProtocol() {
        Harness h = new Harness();
        String c1 = h.joinDynamic(new Messages.JoinGroupRequest("", null, "c1", Harness.SESSION_MS,
                Harness.REBALANCE_MS, List.of(Harness.protocol("cooperative-sticky"), Harness.RANGE))).memberId();
        h.runUntil(0);
        h.sync(c1, null, 1, Map.of(c1, List.of(tp(0))));
        assertEquals(List.of(Harness.protocol("cooperative-sticky")), h.coordinator.snapshot().members().get(0).protocols());
    }
}
