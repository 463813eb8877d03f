package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * KIP-848 client reconciliation as AbstractMembershipManager and ConsumerMembershipManager do it
 * (docs/kafka-semantics.md §17): a new member reconciles and acknowledges even an empty first
 * assignment; with a rebalance listener, onPartitionsRevoked and onPartitionsAssigned are two events the
 * application thread runs in two separate turns inside poll(), and the acknowledgement follows the
 * second.
 */
class ConsumerProtocolReconciliationTurnsTest {

    /**
     * One partition, two members: c2 joins second and its first assignment is empty. Its current assignment
     * is still LocalAssignment.NONE, which no target equals, so it reconciles (onPartitionsAssigned of
     * nothing) and acknowledges without waiting for anyone: its one rebalance ends within the join round
     * trip and two turns of its idle poll() loop, each at most retry.backoff.ms (100): the one whose poll
     * event starts the reconciliation (auto-commit is on) and the one that runs the callback.
     */
    @Test
    void aNewMemberAcknowledgesAnEmptyFirstAssignment() {
        VariantResult result = run("""
                duration: 40s
                group: {id: empty-first}
                topics: [{name: t, partitions: 1, rate: 10/s}]
                consumers:
                  count: 2
                  config: {group.protocol: consumer}
                  processing: {constant: 1ms}
                  startup: {stagger: 5s, jvmStart: 2s}
                """, "kip848-empty-first");
        Map<String, Number> c2 = result.members().get("c2");
        assertTrue(c2.get("rebalance-total").longValue() >= 1, "c2 completed its empty reconciliation: " + c2);
        assertTrue(c2.get("rebalance-latency-max").longValue() <= 2 * 100 + SLACK_MS,
                "acknowledged within the join round trip and two loop turns: " + c2);
    }

    /**
     * The same empty first assignment with retry.backoff.ms at 1 s: an idle AsyncKafkaConsumer's poll()
     * loop turns once a second, and the reconciliation needs two turns after the join answer (its poll
     * event, then the callback), so it takes more than one turn and at most two; at 10 ms it is done
     * within the round trips and two short turns.
     */
    @Test
    void anIdleMembersReconciliationWaitsForItsLoopTurns() {
        String scenario = """
                duration: 40s
                group: {id: empty-first}
                topics: [{name: t, partitions: 1, rate: 10/s}]
                consumers:
                  count: 2
                  config: {group.protocol: consumer, retry.backoff.ms: %d}
                  processing: {constant: 1ms}
                  startup: {stagger: 5s, jvmStart: 2s}
                """;
        long slow = run(scenario.formatted(1000), "kip848-slow-turns").members().get("c2")
                .get("rebalance-latency-max").longValue();
        assertTrue(slow > 1000 && slow <= 2 * 1000 + SLACK_MS, "two 1 s turns: " + slow);
        long fast = run(scenario.formatted(10), "kip848-fast-turns").members().get("c2")
                .get("rebalance-latency-max").longValue();
        assertTrue(fast <= 2 * 10 + SLACK_MS, "two 10 ms turns: " + fast);
    }

    /**
     * Records take 1 s and max.poll.records is 1, so every poll() returns one record and the application
     * thread is busy a full second between polls. When c4 joins, each old owner's revocation turn runs
     * in one poll() (which then returns a record), its assignment turn in the next, a second later, and
     * only then does it acknowledge; the coordinator hands the partition to c4 at c4's next heartbeat
     * after that (≤ one interval), and c4 takes it in its own assignment turn: at once while it owns
     * nothing, else in the turn after its next poll() (≤ two batches). So every handoff to c4 leaves the
     * partition unowned for at least one batch, and at most three batches plus one heartbeat interval.
     */
    @Test
    void aBusyMemberAcknowledgesOnlyAfterItsAssignmentTurn() {
        long batchMs = 1_000;
        VariantResult result = run("""
                duration: 120s
                group: {id: two-turns}
                topics: [{name: t, partitions: 12, rate: 120/s}]
                consumers:
                  count: 3
                  config: {group.protocol: consumer, max.poll.records: 1}
                  processing: {constant: 1000ms}
                  startup: {stagger: 1700ms, jvmStart: 2s}
                timeline:
                  - {at: 60s, start: {consumers: [c4]}}
                """, "kip848-two-turns");
        List<ConsumerProtocolScenarios.Handoff> toC4 = handoffs(result, 60_000, 120_000).stream()
                .filter(h -> h.to().equals("c4")).toList();
        assertEquals(3, toC4.size(), "one partition from each old member: " + toC4);
        for (ConsumerProtocolScenarios.Handoff handoff : toC4) {
            assertTrue(handoff.gapMs() >= batchMs && handoff.gapMs() <= 3 * batchMs + HEARTBEAT_MS + SLACK_MS,
                    "revoke turn, one batch, assign turn and ack, then c4's heartbeat: " + handoff);
        }
    }
}
