package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Harness.Joining;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;

/** group.initial.rebalance.delay.ms (docs/kafka-semantics.md §2, GMM prepareRebalance / InitialDelayedJoin). */
class InitialRebalanceDelayTest {

    /**
     * Delay 3000, rebalance timeout 60000, members at 0, 2 s and 4 s. At 0 the timer is armed for 3000 with
     * remaining = 60000 - 3000 = 57000. c2 (2000) sets newMemberAdded, so at 3000 it is re-armed with
     * min(3000, 57000) = 3000 (remaining 54000) -> 6000. c3 (4000) sets it again -> re-armed to 9000.
     * Nobody new by 9000: the join completes at 9000 with all three.
     */
    @Test
    void membersArrivingAt0And2And4SecondsCompleteAt9Seconds() {
        Harness h = new Harness(3_000);
        Joining c1 = h.joinDynamic("c1");
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(2_000);
        Joining c2 = h.joinDynamic("c2");
        h.runUntil(4_000);
        Joining c3 = h.joinDynamic("c3");
        h.runUntil(8_999);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertTrue(c1.replies().isEmpty() && c2.replies().isEmpty() && c3.replies().isEmpty());

        h.runUntil(9_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(9_000, h.events.lastTransition().atMs());
        assertEquals(1, h.coordinator.generationId());
        assertEquals(List.of(c1.memberId(), c2.memberId(), c3.memberId()), h.coordinator.memberIds());
        for (Joining joining : List.of(c1, c2, c3)) {
            JoinGroupResponse response = joining.replies().single();
            assertEquals(Errors.NONE, response.error());
            assertEquals(1, response.generationId());
            assertEquals(c1.memberId(), response.leaderId()); // §2: the first member added leads
        }
        assertEquals(3, c1.replies().single().members().size()); // only the leader gets the member list
        assertEquals(0, c2.replies().single().members().size());
    }

    /** §2: "The initial join never completes early": a lone member waits the whole delay. */
    @Test
    void theInitialJoinNeverCompletesEarly() {
        Harness h = new Harness(3_000);
        h.joinDynamic("c1");
        h.runUntil(2_999);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(3_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(3_000, h.events.lastTransition().atMs());
    }

    /**
     * The extensions are bounded by the rebalance timeout: timeout 5000, delay 3000 -> remaining 2000.
     * c2 at 1000: at 3000 re-armed with min(3000, 2000) = 2000 (remaining max(2000 - 3000, 0) = 0) -> 5000.
     * c3 at 4000 sets newMemberAdded, but remaining is 0: the join completes at 5000.
     */
    @Test
    void extensionsStopWhenTheRebalanceTimeoutIsUsedUp() {
        Harness h = new Harness(3_000);
        h.joinDynamic(new JoinGroupRequest("", null, "c1", Harness.SESSION_MS, 5_000, List.of(Harness.RANGE)));
        h.runUntil(1_000);
        h.joinDynamic(new JoinGroupRequest("", null, "c2", Harness.SESSION_MS, 5_000, List.of(Harness.RANGE)));
        h.runUntil(4_000);
        h.joinDynamic(new JoinGroupRequest("", null, "c3", Harness.SESSION_MS, 5_000, List.of(Harness.RANGE)));
        h.runUntil(4_999);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(5_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(3, h.coordinator.memberIds().size());
    }

    /**
     * Delay 0: the first member completes a generation alone at once. The second member then starts a
     * normal rebalance (from CompletingRebalance), whose join completes early as soon as the leader rejoins.
     */
    @Test
    void delayZeroCompletesAtOnceAndLaterMembersTriggerANormalRebalance() {
        Harness h = new Harness(0);
        Joining c1 = h.joinDynamic("c1");
        h.runUntil(0);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(c1.memberId()), h.coordinator.memberIds());
        assertEquals(1, c1.replies().single().generationId());

        h.runUntil(100);
        Joining c2 = h.joinDynamic("c2");
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        // A normal join: the timer is the rebalance timeout (60000) computed now.
        h.runUntil(200);
        var again = h.rejoin(c1.memberId());
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(200, h.events.lastTransition().atMs());
        assertEquals(2, again.single().generationId());
        assertEquals(2, c2.replies().single().generationId());
    }
}
