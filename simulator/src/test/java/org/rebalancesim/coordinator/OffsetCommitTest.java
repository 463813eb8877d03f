package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;
import static org.rebalancesim.coordinator.Harness.tp;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.RemovalReason;

/** Generation fencing of OffsetCommit (docs/kafka-semantics.md §1, CG validateOffsetCommit). */
class OffsetCommitTest {

    @Test
    void stableCommitsOfTheCurrentGenerationAreStored() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        assertEquals(Errors.NONE, h.commit(ids.get(1), 1, Map.of(tp(1), 42L)));
        assertEquals(42L, h.offsets.committed(tp(1)));
    }

    @Test
    void unknownMembersAndOtherGenerationsAreFenced() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.commit("ghost", 1, Map.of(tp(0), 5L)));
        assertEquals(Errors.ILLEGAL_GENERATION, h.commit(ids.get(0), 0, Map.of(tp(0), 5L)));
        assertEquals(Errors.ILLEGAL_GENERATION, h.commit(ids.get(0), -1, Map.of(tp(0), 5L)));
        assertEquals(0L, h.offsets.committed(tp(0)));
    }

    /** §1: non-transactional commits during CompletingRebalance get REBALANCE_IN_PROGRESS. */
    @Test
    void commitsDuringCompletingRebalanceAreRefused() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        h.runUntil(0);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, h.commit(c1, 1, Map.of(tp(0), 5L)));
        assertEquals(0L, h.offsets.committed(tp(0)));
    }

    /** §1: commits of the current generation are accepted in PreparingRebalance and reset the session. */
    @Test
    void commitsDuringPreparingRebalanceAreAcceptedAndKeepTheSession() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.rejoin(ids.get(0));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(4_000);
        assertEquals(Errors.NONE, h.commit(ids.get(1), 1, Map.of(tp(1), 7L)));
        assertEquals(7L, h.offsets.committed(tp(1)));
        assertEquals(4_000 + Harness.SESSION_MS, h.coordinator.sessionDueMs(ids.get(1)));
    }

    /** §4: in Stable a commit reschedules the member's expiry like a heartbeat does. */
    @Test
    void commitsKeepANonHeartbeatingMemberAlive() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1");
        for (long at = 5_000; at <= 30_000; at += 5_000) {
            long offset = at;
            h.sim.at(at, () -> h.commit(ids.get(0), 1, Map.of(tp(0), offset)));
        }
        h.runUntil(39_999);
        assertEquals(STABLE, h.coordinator.state());
        assertEquals(30_000L, h.offsets.committed(tp(0)));
        h.runUntil(40_000); // 10 s after the last commit
        assertEquals(RemovalReason.SESSION_TIMEOUT, h.events.removals.get(0).reason());
    }

    /** CG validateOffsetCommit: generation -1 without a member id commits only while the group is Empty. */
    @Test
    void commitsOutsideGroupManagementOnlyWhileEmpty() {
        Harness h = new Harness();
        assertEquals(Errors.NONE, h.commit("", -1, Map.of(tp(3), 9L)));
        assertEquals(9L, h.offsets.committed(tp(3)));
        h.stableGroup("c1");
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.commit("", -1, Map.of(tp(3), 10L)));
        assertEquals(9L, h.offsets.committed(tp(3)));
    }
}
