package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;

/** Responses are delivered after the group is updated, so a callback may send its next request at once. */
class OutboxTest {

    @Test
    void aClientMayRejoinFromInsideTheMemberIdRequiredCallback() {
        Harness h = new Harness(3_000);
        List<JoinGroupResponse> second = new ArrayList<>();
        h.coordinator.joinGroup(Harness.joinRequest("", null, "c1"), first -> h.coordinator.joinGroup(
                new JoinGroupRequest(first.memberId(), null, "c1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                        List.of(Harness.RANGE)), second::add));
        assertEquals(1, h.coordinator.memberIds().size());
        h.runUntil(3_000);
        assertEquals(1, second.size());
        assertEquals(Errors.NONE, second.get(0).error());
    }

    @Test
    void deliveriesKeepTheirOrderAcrossNestedFlushes() {
        Outbox outbox = new Outbox();
        List<String> log = new ArrayList<>();
        outbox.send(s -> {
            log.add(s);
            outbox.send(log::add, "nested");
            outbox.flush(); // nested: left to the outer flush
            log.add("after nested flush");
        }, "first");
        outbox.send(log::add, "second");
        outbox.flush();
        assertEquals(List.of("first", "after nested flush", "second", "nested"), log);
    }
}
