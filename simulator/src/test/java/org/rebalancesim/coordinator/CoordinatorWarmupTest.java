package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;

/**
 * cluster.coordinatorWarmup (docs/kafka-semantics.md §22): a freshly started broker's coordinator answers its
 * first MEMBER_ID_REQUIRED late, every later one at once; the pending id is made when the request arrives.
 */
class CoordinatorWarmupTest {

    private static final long WARMUP_MS = 40;

    private static JoinGroupRequest newMember(String clientId) {
        return new JoinGroupRequest("", null, clientId, Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(Harness.RANGE));
    }

    @Test
    void onlyTheFirstNewMembersAnswerWaitsForTheWarmup() {
        Harness h = new Harness();
        h.coordinator = new ClassicGroupCoordinator(h.sim, Harness.GROUP, h.settings, h.offsets, h.memberIds,
                h.events, new CoordinatorWarmup(WARMUP_MS));

        Replies<JoinGroupResponse> first = h.join(newMember("c1"));
        Replies<JoinGroupResponse> second = h.join(newMember("c2"));
        assertTrue(first.isEmpty(), "the cold coordinator's first answer is not out yet");
        assertEquals(Errors.MEMBER_ID_REQUIRED, second.single().error());

        h.runUntil(WARMUP_MS - 1);
        assertTrue(first.isEmpty());
        h.runUntil(WARMUP_MS);
        assertEquals(Errors.MEMBER_ID_REQUIRED, first.single().error());
        assertTrue(first.single().memberId().startsWith("c1-"));

        Replies<JoinGroupResponse> third = h.join(newMember("c3"));
        assertEquals(Errors.MEMBER_ID_REQUIRED, third.single().error(), "a warm coordinator answers at once");
    }

    @Test
    void aBrokerThatHasRunForAWhileAnswersTheFirstAtOnce() {
        Harness h = new Harness();
        assertEquals(Errors.MEMBER_ID_REQUIRED, h.join(newMember("c1")).single().error());
    }
}
