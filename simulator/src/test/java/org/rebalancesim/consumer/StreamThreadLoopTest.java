package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.StreamsScenarios.STATEFUL;
import static org.rebalancesim.consumer.StreamsScenarios.STATELESS;
import static org.rebalancesim.consumer.StreamsScenarios.streams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.PodEvents;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.run.SimRuns;

/**
 * A stream thread's loop: runOnce polls with poll.ms, then exchanges tasks with its state updater
 * (checkStateUpdater: hands it new tasks, takes back the restored ones and resumes their partitions), again
 * between processing iterations, and, between two runOnce calls, asks for a follow-up rebalance that has come due
 * (StreamThread.runLoop). Nothing wakes its poll for any of them, so a thread with nothing to fetch does them at the
 * end of its present poll(poll.ms) (docs/kafka-semantics.md §19). A poll.ms of 1 s makes the wait plain to see.
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
     * A poll() that returns nothing waits poll.ms and then a little more (topology.pollLateness, here a constant
     * 7 ms): an idle thread's polls follow one another from when its wait began, each 107 ms long with the default
     * poll.ms of 100 ms. c4 joins with nothing to fetch and waits in poll() until its tasks run: the follow-up
     * rebalance it asks for after its first assignment and the hand-over of the tasks the follow-up gives it both
     * come at ends of those polls, so a whole number of 107 ms polls apart (of 100 ms polls without the lateness).
     */
    @Test
    void anIdleThreadsPollsEachLastPollMsAndTheirLateness() {
        String yaml = streams("60s", "0s", "", STATELESS, "persistent", "", "- {at: 30s, start: {count: 1}}")
                .replace("stateDirectory: persistent", "stateDirectory: persistent\n    pollLateness: 7ms");
        List<Long> followUpAt = new ArrayList<>();
        List<Long> runningAt = new ArrayList<>();
        SimRuns.observe(yaml, "streams-poll-lateness", sim -> new GroupListener() {
            @Override
            public void story(PodEvents.Story event) {
                if (event.subject().equals("c4") && event.kind() == StoryKind.FOLLOWUP_REBALANCE) {
                    followUpAt.add(sim.nowMs());
                }
            }

            @Override
            public void taskStateChanged(PodEvents.TaskStateChanged event) {
                if (event.pod().equals("c4") && event.state() == TaskState.RUNNING) {
                    runningAt.add(sim.nowMs());
                }
            }
        });
        assertEquals(1, followUpAt.size(), "one follow-up, for the withheld tasks: " + followUpAt);
        assertEquals(2, runningAt.size(), "c4 runs its two tasks: " + runningAt);
        long apart = runningAt.get(0) - followUpAt.get(0);
        assertTrue(apart > 0 && apart % 107 == 0, "c4's tasks ran " + apart + " ms after its follow-up, "
                + apart / 107.0 + " polls of 107 ms");
    }

    /**
     * Three stateful instances restore their two tasks each, in turn (100,000 records at 10,000/s: 10 s a task).
     * Nothing they own can be fetched meanwhile (a restoring task's partitions are paused), so each poll() waits out
     * poll.ms: a restored task runs at the checkStateUpdater after the poll that was waiting returns, within one
     * poll.ms of its restoration (at once when the restoration, handed over at a poll's end, ends at another on
     * this exact grid), and its partition is fetched from then on.
     */
    @Test
    void aRestoredTaskRunsAndIsFetchedFromTheThreadsNextCheckOfItsStateUpdater() {
        String yaml = streams("40s", "0s", LONG_POLL, STATEFUL, "persistent", "");
        Map<TaskId, Long> restoredAt = new TreeMap<>();
        Map<TaskId, Long> runningAt = new TreeMap<>();
        List<PodEvents.Fetched> fetches = new ArrayList<>();
        List<Long> fetchedAt = new ArrayList<>();
        SimRuns.observe(yaml, "streams-restored-loop", sim -> new GroupListener() {
            @Override
            public void taskRestored(PodEvents.TaskRestored event) {
                restoredAt.put(event.task(), sim.nowMs());
            }

            @Override
            public void taskStateChanged(PodEvents.TaskStateChanged event) {
                if (event.state() == TaskState.RUNNING) {
                    runningAt.put(event.task(), sim.nowMs());
                }
            }

            @Override
            public void fetched(PodEvents.Fetched event) {
                fetches.add(event);
                fetchedAt.add(sim.nowMs());
            }
        });
        assertEquals(6, runningAt.size(), "every task restored once");
        assertEquals(restoredAt.keySet(), runningAt.keySet());
        runningAt.forEach((task, running) -> {
            long waited = running - restoredAt.get(task);
            assertTrue(waited >= 0 && waited <= POLL_MS, task + " ran " + waited + " ms after its restoration");
            long firstFetch = firstFetchOf("orders-" + task.partition(), fetches, fetchedAt);
            assertTrue(firstFetch >= running && firstFetch - running <= POLL_MS,
                    task + " fetched " + (firstFetch - running) + " ms after it ran");
        });
    }

    /**
     * A new group of three stateful instances, each given two tasks of 100,000 changelog records while it owns
     * nothing it could fetch. The thread hands a stateful task to its state updater at the checkStateUpdater after
     * its present poll returns (TaskManager#addTasksToStateUpdater), here the end of a poll(poll.ms) of 1 s, not at
     * the assignment; the updater then looks up the changelogs' end offsets (topology.restoreStartWork, here 2 s)
     * before it restores the two, chunk by chunk in turn: 200,000 records at 10,000/s, 20 s. So each instance's
     * tasks are restored more than 22 s and at most 23 s after its assignment: 22 s exactly had they been handed
     * over at the assignment, 20 s without the start work.
     */
    @Test
    void aStatefulTaskIsHandedOverAtTheNextCheckAndRestoredAfterTheUpdatersStartWork() {
        String yaml = streams("40s", "0s", LONG_POLL, STATEFUL, "persistent", "")
                .replace("stateDirectory: persistent", "stateDirectory: persistent\n    restoreStartWork: 2s");
        Map<String, Long> firstRestoreMs = new TreeMap<>();
        SimRuns.observe(yaml, "streams-restore-start", sim -> new GroupListener() {
            @Override
            public void taskRestored(PodEvents.TaskRestored event) {
                firstRestoreMs.putIfAbsent(event.pod(), event.durationMs());
            }
        });
        assertEquals(List.of("c1", "c2", "c3"), List.copyOf(firstRestoreMs.keySet()));
        firstRestoreMs.forEach((pod, restoredMs) -> assertTrue(restoredMs > 22_000 && restoredMs <= 22_000 + POLL_MS,
                pod + "'s first task restored " + restoredMs + " ms after its assignment"));
    }

    /**
     * A new group of three stateless instances: each takes its two tasks with its first assignment, while it owns
     * nothing it could fetch. Kafka Streams passes a stateless task through its state updater too: the thread hands it
     * over at the checkStateUpdater after its present poll() returns (the end of that poll(poll.ms): nothing ends it
     * early, the new tasks' partitions being paused), and the idle updater, woken by the hand-over, returns it as
     * restored before the same check takes back the restored tasks (TaskManager#checkStateUpdater,
     * DefaultStateUpdater). So each task restores from the assignment and runs within one poll.ms of it.
     */
    @Test
    void aNewInstancesStatelessTasksRunWhenItsPresentPollReturns() {
        String yaml = streams("20s", "0s", LONG_POLL, STATELESS, "persistent", "");
        List<String> problems = new ArrayList<>();
        Map<TaskId, long[]> phases = new TreeMap<>();
        SimRuns.observe(yaml, "streams-stateless-handover", sim -> new GroupListener() {
            @Override
            public void taskStateChanged(PodEvents.TaskStateChanged event) {
                long[] at = phases.computeIfAbsent(event.task(), t -> new long[] {-1, -1});
                if (event.state() == TaskState.RESTORING) {
                    at[0] = sim.nowMs();
                } else if (event.state() == TaskState.RUNNING) {
                    at[1] = sim.nowMs();
                } else {
                    problems.add(event.task() + " " + event.state());
                }
            }
        });
        assertEquals(List.of(), problems);
        assertEquals(6, phases.size(), "every task taken once");
        phases.forEach((task, at) -> {
            long waited = at[1] - at[0];
            assertTrue(at[0] >= 0 && at[1] > at[0], task + " restoring at " + at[0] + ", running at " + at[1]);
            assertTrue(waited > 0 && waited <= POLL_MS, task + " ran " + waited + " ms after its assignment");
        });
    }

    /**
     * c3 leaves (LEAVE_GROUP) and its tasks go to c1 and c2 (with any the assignor reshuffles between them), which
     * process records (10 a second on each of their partitions, so one every 50 ms at most on average): the first
     * poll() after the assignment returns with their records, and the checkStateUpdater after it hands the task
     * over and takes it back, so the task runs within the wait for those records, not a poll.ms (1 s) later.
     */
    @Test
    void aBusyInstanceRunsAStatelessTaskWithinTheRunOnceThatTookIt() {
        String yaml = streams("40s", "0s", LONG_POLL, STATELESS, "persistent",
                "  closeOptions: {groupMembershipOperation: LEAVE_GROUP}\n", "- {at: 30s, stop: {consumer: c3}}");
        Map<TaskId, Long> restoringAt = new TreeMap<>();
        Map<TaskId, Long> runningAt = new TreeMap<>();
        SimRuns.observe(yaml, "streams-busy-handover", sim -> new GroupListener() {
            @Override
            public void taskStateChanged(PodEvents.TaskStateChanged event) {
                if (sim.nowMs() < 30_000 || event.pod().equals("c3")) {
                    return;
                }
                if (event.state() == TaskState.RESTORING) {
                    restoringAt.put(event.task(), sim.nowMs());
                } else if (event.state() == TaskState.RUNNING) {
                    runningAt.put(event.task(), sim.nowMs());
                }
            }
        });
        assertTrue(restoringAt.size() >= 2, "c3's two tasks move, and any others the assignor moves: " + restoringAt);
        assertEquals(restoringAt.keySet(), runningAt.keySet());
        restoringAt.forEach((task, at) -> {
            long waited = runningAt.get(task) - at;
            assertTrue(waited > 0 && waited < POLL_MS / 2, task + " ran " + waited + " ms after it was taken");
        });
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
