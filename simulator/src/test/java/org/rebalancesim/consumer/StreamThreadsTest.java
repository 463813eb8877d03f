package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.taskStates;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.run.SimRuns;

/**
 * num.stream.threads: every stream thread of a Kafka Streams instance is a member of the group, in the instance's
 * one JVM and process (docs/kafka-semantics.md §19). Expected values from Kafka's rules: the task assignor
 * balances tasks over the threads (HighAvailabilityTaskAssignor over process capacity, then
 * StreamsPartitionAssignor#assignTasksToThreads; KIP-1071's StickyTaskAssignor over the members); a crash or a GC
 * pause stops every thread of the JVM, so each thread's member is evicted on its own session timeout.
 */
class StreamThreadsTest {

    /** Two instances of two threads each, 8 stateless tasks; c2 is killed at 2m and comes back after 60 s. */
    private static final String TWO_BY_TWO = """
            seed: 9
            duration: 5m
            measure: {from: 1m}
            group: {id: threads}
            topics: [{name: orders, partitions: 8, rate: 100/s}]
            consumers:
              count: 2
              app: streams
              config: {num.stream.threads: 2}
              processing: {lognormal: {median: 1ms, p99: 5ms}}
              startup: {jvmStart: 5s}
              topology:
                subtopologies: [{source: orders}]
            timeline:
              - {at: 2m, crash: {consumer: c2, restartAfter: 60s}}
            variants:
              - name: classic
              - name: streams
                consumers: {config: {group.protocol: streams}}
            """;

    @Test
    void eachThreadIsAMemberWithItsShareOfTheTasks() {
        for (String protocol : List.of("classic", "streams")) {
            List<SimRuns.TaskStateEvent> states = taskStates(TWO_BY_TWO, "two-by-two", protocol);
            // Before the crash, each of the 4 threads runs 2 of the 8 tasks: balanced over the members.
            Map<String, Set<TaskId>> running = new TreeMap<>();
            for (SimRuns.TaskStateEvent event : states) {
                if (event.atMs() >= 120_000) {
                    break;
                }
                Set<TaskId> tasks = running.computeIfAbsent(event.pod(), p -> new TreeSet<>());
                if (event.state() == TaskState.RUNNING) {
                    tasks.add(event.task());
                } else if (event.state() == TaskState.CLOSED) {
                    tasks.remove(event.task());
                }
            }
            assertEquals(Set.of("c1", "c1#2", "c2", "c2#2"), running.keySet(), protocol);
            Set<TaskId> all = new TreeSet<>();
            running.values().forEach(tasks -> {
                assertEquals(2, tasks.size(), protocol + ": " + running);
                all.addAll(tasks);
            });
            assertEquals(8, all.size(), protocol + ": every task once: " + running);
        }
    }

    @Test
    void aCrashEvictsEveryThreadOfTheInstance() {
        RunResult run = runAll(TWO_BY_TWO, "two-by-two");
        // Classic: no LeaveGroup from a killed process: both of c2's members are evicted at their session timeout.
        // Streams: a killed instance sends no leave heartbeat either; each thread is fenced at 45 s.
        assertEquals(2, metric(variant(run, "classic"), "evictions"));
        assertEquals(2, metric(variant(run, "streams"), "evictions"));
        // c2's 4 tasks wait for the evictions: at least the session timeout less a heartbeat interval.
        assertTrue(metric(variant(run, "classic"), "maxTaskDowntimeMs") >= 45_000 - 3_000);
        assertTrue(metric(variant(run, "streams"), "maxTaskDowntimeMs") >= 45_000 - 5_000);
    }

    @Test
    void aGcPauseStopsEveryThread() {
        String yaml = TWO_BY_TWO.replace("crash: {consumer: c2, restartAfter: 60s}", "gcPause: {consumer: c2, "
                + "duration: 50s}");
        RunResult run = runAll(yaml, "gc");
        // 50 s > session.timeout.ms 45 s: the one JVM pause silences both threads' heartbeats.
        assertEquals(2, metric(variant(run, "classic"), "evictions"));
        assertEquals(2, metric(variant(run, "streams"), "evictions"));
    }

    @Test
    void threadsAreBounded() {
        for (int threads : new int[] {0, 65}) {
            String yaml = TWO_BY_TWO.replace("num.stream.threads: 2", "num.stream.threads: " + threads);
            // SimRuns reports the loader's problems as an AssertionError naming the YAML path.
            AssertionError error = assertThrows(AssertionError.class, () -> SimRuns.load(yaml, "bounds"));
            assertTrue(error.getMessage().contains("consumers.config.num.stream.threads"), error.getMessage());
        }
    }
}
