package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The bound of Kafka's TaskAssignorConvergenceTest: after a node joins a settled group, with every warm-up and
 * standby caught up by the next rebalance (its harness's prepareForNextRebalance), the group is balanced again within
 * numStatefulTasks / maxWarmupReplicas + 1 probing rebalances. Under COOPERATIVE the immediate follow-ups of withheld
 * tasks come in between and do not count.
 */
class StreamsConvergenceTest {

    private static final long END = 100_000L;

    @Test
    void addingANodeConvergesWithinKafkasBound() {
        SplittableRandom random = new SplittableRandom(9821);
        for (int round = 0; round < 60; round++) {
            RebalanceProtocol protocol = round % 2 == 0 ? RebalanceProtocol.EAGER : RebalanceProtocol.COOPERATIVE;
            int processes = 1 + random.nextInt(6);
            int tasks = 1 + random.nextInt(40);
            StreamsAssignmentConfig config = new StreamsAssignmentConfig(0L, 1 + random.nextInt(3), random.nextInt(2),
                    600_000L);
            Map<TaskId, List<TopicPartition>> sources = new TreeMap<>();
            Map<TaskId, Long> ends = new TreeMap<>();
            for (int i = 0; i < tasks; i++) {
                sources.put(new TaskId(0, i), List.of(new TopicPartition("in", i)));
                ends.put(new TaskId(0, i), END);
            }
            StreamsTopology topology = new StreamsTopology(sources, ends.keySet(), ends);
            Group group = new Group(topology, config, protocol);
            for (int p = 0; p < processes; p++) {
                group.join("pod-" + p);
            }
            group.settle(1_000);
            group.join("pod-new");
            int probes = group.settle(tasks / config.maxWarmupReplicas() + 1);
            String where = "round " + round + ", " + protocol + ", " + processes + " processes, " + tasks + " tasks, "
                    + config + ": " + probes + " probing rebalances";
            int spread = Collections.max(group.activeCounts()) - Collections.min(group.activeCounts());
            assertTrue(spread <= 1, where + ", active counts " + group.activeCounts());
        }
    }

    /** A group of one-thread processes, rebalanced with each thread's state as the last answer left it. */
    private static final class Group {
        final StreamsTopology topology;
        final StreamsAssignmentConfig config;
        final RebalanceProtocol protocol;
        final Map<String, Map<TaskId, Long>> sums = new TreeMap<>();
        final Map<String, List<TopicPartition>> owned = new TreeMap<>();
        StreamsGroupAssignment last;

        Group(StreamsTopology topology, StreamsAssignmentConfig config, RebalanceProtocol protocol) {
            this.topology = topology;
            this.config = config;
            this.protocol = protocol;
        }

        void join(String process) {
            sums.put(process, new TreeMap<>());
            owned.put(process, List.of());
        }

        /** Rebalances until stable; the probing rebalances it took, failing beyond {@code probingLimit}. */
        int settle(int probingLimit) {
            int probes = 0;
            for (int rebalances = 0; rebalances < 10 * (probingLimit + 2); rebalances++) {
                List<StreamsSubscription> subscriptions = new ArrayList<>();
                sums.forEach((process, state) -> subscriptions.add(new StreamsSubscription(process, process, state,
                        protocol == RebalanceProtocol.COOPERATIVE ? owned.get(process) : List.of())));
                last = StreamsTaskAssignor.assign(topology, subscriptions, config, protocol,
                        sums.keySet().iterator().next());
                if (last.stable()) {
                    return probes;
                }
                if (!last.withheld()) {
                    probes++;
                    if (probes > probingLimit) {
                        fail(probes + " probing rebalances, more than Kafka's bound " + probingLimit);
                    }
                }
                catchUp();
            }
            return fail("no convergence");
        }

        /**
         * Until the next rebalance: actives run, standbys and warm-ups catch up (Kafka's harness), and a task withheld
         * from its new owner keeps its caught-up state on the thread that revoked it; other state is dropped.
         */
        private void catchUp() {
            Set<TaskId> withheld = new TreeSet<>();
            last.threads().values().forEach(thread -> withheld.addAll(thread.withheldTasks()));
            last.threads().forEach((process, thread) -> {
                Map<TaskId, Long> state = new TreeMap<>();
                sums.get(process).keySet().stream().filter(withheld::contains).forEach(task -> state.put(task, END));
                thread.standbyTasks().forEach(task -> state.put(task, END));
                thread.activeTasks().forEach(task -> state.put(task, StreamsSubscription.LATEST_OFFSET));
                sums.put(process, state);
                owned.put(process, thread.partitions());
            });
        }

        List<Integer> activeCounts() {
            return last.threads().values().stream().map(thread -> thread.activeTasks().size()).toList();
        }
    }
}
