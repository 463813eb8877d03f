package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Harness.Joining;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;

/** JoinGroup validation and protocol selection (docs/kafka-semantics.md §1, §2, §4). */
class JoinValidationTest {
    @Test
    void unknownMemberIdIsRejected() {
        Harness h = new Harness();
        h.stableGroup("c1");
        JoinGroupResponse response = h.rejoin("ghost-1").single();
        assertEquals(Errors.UNKNOWN_MEMBER_ID, response.error());
        assertEquals(STABLE, h.coordinator.state());
    }

    /** §4: outside [group.min.session.timeout.ms, group.max.session.timeout.ms] -> INVALID_SESSION_TIMEOUT. */
    @Test
    void sessionTimeoutOutsideTheBrokerBoundsIsRejected() {
        Harness h = new Harness();
        for (long sessionMs : new long[] {5_999, 1_800_001}) {
            JoinGroupResponse response = h.join(new JoinGroupRequest("", null, "c1", sessionMs, Harness.REBALANCE_MS,
                    List.of(Harness.RANGE))).single();
            assertEquals(Errors.INVALID_SESSION_TIMEOUT, response.error());
        }
        JoinGroupResponse atMin = h.join(new JoinGroupRequest("", null, "c1", 6_000, Harness.REBALANCE_MS,
                List.of(Harness.RANGE))).single();
        assertEquals(Errors.MEMBER_ID_REQUIRED, atMin.error());
    }

    /** §1 group.max.size: members in Stable, parked joiners in PreparingRebalance. */
    @Test
    void groupMaxSizeCountsMembersInStableAndParkedJoinersInPreparingRebalance() {
        Harness h = new Harness(0, 2);
        List<String> ids = h.stableGroup("c1", "c2");
        JoinGroupResponse refused = h.join(Harness.joinRequest("", null, "c3")).single();
        assertEquals(Errors.GROUP_MAX_SIZE_REACHED, refused.error());
        assertEquals(STABLE, h.coordinator.state());

        h.rejoin(ids.get(0)); // PreparingRebalance with 1 parked JoinGroup: room for a newcomer
        JoinGroupResponse accepted = h.join(Harness.joinRequest("", null, "c3")).single();
        assertEquals(Errors.MEMBER_ID_REQUIRED, accepted.error());
        h.rejoin(accepted.memberId()); // 2 parked now
        JoinGroupResponse full = h.join(Harness.joinRequest("", null, "c4")).single();
        assertEquals(Errors.GROUP_MAX_SIZE_REACHED, full.error());
    }

    /** §2: each member votes for the first protocol of its list that all support; most votes wins. */
    @Test
    void protocolIsChosenByVote() {
        Harness h = new Harness();
        Protocol a = Harness.protocol("a");
        Protocol b = Harness.protocol("b");
        String c1 = h.joinDynamic(new JoinGroupRequest("", null, "c1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(a, b))).memberId();
        Joining c2 = h.joinDynamic(new JoinGroupRequest("", null, "c2", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(b, a)));
        h.joinDynamic(new JoinGroupRequest("", null, "c3", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(b, a)));
        h.runUntil(0);
        assertEquals("b", h.coordinator.protocolName()); // 2 votes for b, 1 for a
        assertEquals("b", c2.replies().single().protocolName());
        assertEquals(c1, h.coordinator.leaderId());
    }

    @Test
    void onlyProtocolsEveryMemberSupportsAreCandidates() {
        Harness h = new Harness();
        Protocol cooperative = Harness.protocol("cooperative-sticky");
        Joining c1 = h.joinDynamic(new JoinGroupRequest("", null, "c1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(cooperative, Harness.RANGE)));
        h.joinDynamic("c2"); // range only
        h.runUntil(0);
        assertEquals("range", h.coordinator.protocolName());
        // The leader receives each member's metadata for the chosen protocol.
        assertEquals(List.of(Harness.RANGE, Harness.RANGE),
                c1.replies().single().members().stream().map(Messages.JoinedMember::metadata).toList());
    }
}
