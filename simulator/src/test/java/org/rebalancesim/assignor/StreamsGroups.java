package org.rebalancesim.assignor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * Random Streams groups as a leader sees them: 1-12 processes of 1-3 threads (some new, with no state), 1-40 tasks
 * over 1-3 subtopologies, a random previous owner for most tasks, random standby state with random lags.
 */
record StreamsGroups(StreamsTopology topology, List<StreamsSubscription> subscriptions, StreamsAssignmentConfig config,
                     RebalanceProtocol protocol, String leader) {

    static StreamsGroups draw(SplittableRandom random) {
        int subtopologies = 1 + random.nextInt(3);
        int taskCount = 1 + random.nextInt(40);
        Map<TaskId, List<TopicPartition>> sources = new TreeMap<>();
        TreeSet<TaskId> stateful = new TreeSet<>();
        Map<TaskId, Long> ends = new TreeMap<>();
        boolean[] statefulSubtopology = new boolean[subtopologies];
        for (int s = 0; s < subtopologies; s++) {
            statefulSubtopology[s] = random.nextInt(4) != 0;
        }
        for (int i = 0; i < taskCount; i++) {
            TaskId task = new TaskId(i % subtopologies, i / subtopologies);
            sources.put(task, List.of(new TopicPartition("source-" + task.subtopology(), task.partition())));
            if (statefulSubtopology[task.subtopology()]) {
                stateful.add(task);
                ends.put(task, (long) random.nextInt(100_000));
            }
        }
        StreamsTopology topology = new StreamsTopology(sources, stateful, ends);
        RebalanceProtocol protocol = random.nextBoolean() ? RebalanceProtocol.COOPERATIVE : RebalanceProtocol.EAGER;
        int processes = 1 + random.nextInt(12);
        List<String> consumers = new ArrayList<>();
        List<String> processOf = new ArrayList<>();
        List<Boolean> isNew = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            boolean fresh = random.nextInt(4) == 0;
            int threads = 1 + random.nextInt(3);
            for (int t = 0; t < threads; t++) {
                consumers.add(String.format(java.util.Locale.ROOT, "p%02d-t%d", p, t));
                processOf.add("pod-" + p);
                isNew.add(fresh);
            }
        }
        List<Map<TaskId, Long>> sums = new ArrayList<>();
        List<List<TopicPartition>> owned = new ArrayList<>();
        for (int c = 0; c < consumers.size(); c++) {
            sums.add(new TreeMap<>());
            owned.add(new ArrayList<>());
        }
        for (TaskId task : topology.tasks()) {
            if (random.nextInt(5) != 0) {
                int owner = random.nextInt(consumers.size());
                if (!isNew.get(owner)) {
                    if (stateful.contains(task)) {
                        sums.get(owner).put(task, StreamsSubscription.LATEST_OFFSET);
                    }
                    if (protocol == RebalanceProtocol.COOPERATIVE) {
                        owned.get(owner).addAll(sources.get(task));
                    }
                }
            }
            if (stateful.contains(task)) {
                for (int copies = random.nextInt(3); copies > 0; copies--) {
                    int holder = random.nextInt(consumers.size());
                    if (!isNew.get(holder) && !sums.get(holder).containsKey(task)) {
                        long end = ends.get(task);
                        sums.get(holder).put(task, random.nextBoolean() ? end : (long) random.nextInt((int) end + 1));
                    }
                }
            }
        }
        List<StreamsSubscription> subscriptions = new ArrayList<>();
        for (int c = 0; c < consumers.size(); c++) {
            subscriptions.add(new StreamsSubscription(consumers.get(c), processOf.get(c), sums.get(c), owned.get(c)));
        }
        long[] lags = {0L, 100L, 10_000L, 50_000L};
        StreamsAssignmentConfig config = new StreamsAssignmentConfig(lags[random.nextInt(lags.length)],
                1 + random.nextInt(3), random.nextInt(4), 600_000L);
        return new StreamsGroups(topology, subscriptions, config, protocol,
                consumers.get(random.nextInt(consumers.size())));
    }

    StreamsGroupAssignment assign() {
        return StreamsTaskAssignor.assign(topology, subscriptions, config, protocol, leader);
    }
}
