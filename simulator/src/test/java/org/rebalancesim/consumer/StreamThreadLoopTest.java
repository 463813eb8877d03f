package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.StreamsScenarios.STATEFUL;
import static org.rebalancesim.consumer.StreamsScenarios.STATELESS;
import static org.rebalancesim.consumer.StreamsScenarios.streams;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.PodEvents;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.run.SimRuns;

/**
 * A stream thread's loop: runOnce polls with poll.ms, then takes the tasks its state updater restored
 * (checkStateUpdater, which resumes their partitions) and, between two runOnce calls, asks for a follow-up
 * rebalance that has come due (StreamThread.runLoop). Nothing wakes its poll for either, so a thread with
 * nothing to fetch does both at the end of its present poll(poll.ms) (docs/kafka-semantics.md §19). A
 * poll.ms of 1 s makes the wait plain to see.
 */
class StreamThreadLoopTest {

    private static final long POLL_MS = 1_000;
    private static final String LONG_POLL = ", poll.ms: 1s";

    /**
     * A fourth instance joins three stateless ones: the leader moves tasks to it at once (every client is caught
     * up for a stateless task) but withholds them while their owners still hold their partitions, and tells it to
     * ask for a follow-up rebalance now (nextRebalanceMs 0). It owns nothing, so its poll() waits out poll.ms
     * before its loop asks: after its assignment, within one poll.ms.
     */
    @Test
    void theWithheldTasksFollowUpIsAskedForWhenTheThreadsPollReturns() {
        String yaml = streams("60s", "0s", LONG_POLL, STATELESS, "persistent", "",
                "- {at: 30s, start: {count: 1}}");
        List<Long> assignedAt = new ArrayList<>();
        List<Long> followUpAt = new ArrayList<>();
        SimRuns.observe(yaml, "streams-followup-loop", sim -> new GroupListener() {
            @Override
            public void podRebalanceCompleted(PodEvents.PodRebalanceCompleted event) {
                if (event.pod().equals("c4")) {
                    assignedAt.add(sim.nowMs());
                }
            }

            @Override
            public void story(PodEvents.Story event) {
                if (event.subject().equals("c4") && event.kind() == StoryKind.FOLLOWUP_REBALANCE) {
                    followUpAt.add(sim.nowMs());
                }
            }
        });
        assertEquals(1, followUpAt.size(), "one follow-up, for the withheld tasks: " + followUpAt);
        long assigned = assignedAt.get(0);
        long waited = followUpAt.get(0) - assigned;
        assertTrue(waited > 0 && waited <= POLL_MS, "asked " + waited + " ms after c4's first assignment at " + assigned);
    }

    /**
     * Three stateful instances restore their two tasks each, in turn (100,000 records at 10,000/s: 10 s a task).
     * A task restored is fetched only once the thread's poll() that was waiting returns: after its restoration,
     * within one poll.ms.
     */
    @Test
    void aRestoredTasksPartitionIsFetchedFromTheThreadsNextLoopTurn() {
        String yaml = streams("40s", "0s", LONG_POLL, STATEFUL, "persistent", "");
        List<long[]> runningAt = new ArrayList<>();
        List<PodEvents.Fetched> fetches = new ArrayList<>();
        List<Long> fetchedAt = new ArrayList<>();
        SimRuns.observe(yaml, "streams-restored-loop", sim -> new GroupListener() {
            @Override
            public void taskStateChanged(PodEvents.TaskStateChanged event) {
                if (event.state() == TaskState.RUNNING) {
                    runningAt.add(new long[] {event.task().partition(), sim.nowMs()});
                }
            }

            @Override
            public void fetched(PodEvents.Fetched event) {
                fetches.add(event);
                fetchedAt.add(sim.nowMs());
            }
        });
        assertEquals(6, runningAt.size(), "every task restored once");
        for (long[] running : runningAt) {
            TaskId task = new TaskId(0, (int) running[0]);
            long firstFetch = firstFetchOf("orders-" + task.partition(), fetches, fetchedAt);
            long waited = firstFetch - running[1];
            assertTrue(waited > 0 && waited <= POLL_MS, task + " fetched " + waited + " ms after its restoration");
        }
    }

    private static long firstFetchOf(String partition, List<PodEvents.Fetched> fetches, List<Long> fetchedAt) {
        for (int i = 0; i < fetches.size(); i++) {
            boolean hit = fetches.get(i).ranges().stream().anyMatch(r -> r.partition().toString().equals(partition));
            if (hit) {
                return fetchedAt.get(i);
            }
        }
        throw new AssertionError(partition + " never fetched");
    }
}
