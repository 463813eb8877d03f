package org.rebalancesim.assignor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.rebalancesim.partition.TopicPartition;

/**
 * A random consumer group as a leader sees it: the metadata, and each member's subscription with
 * what it owned before (from a random previous generation, with some new members, some conflicting
 * claims, some partitions of topics the owner no longer subscribes to) and its static instance id.
 *
 * @param partitionsPerTopic every topic of the cluster, subscribed or not
 */
record RandomGroup(Map<String, Integer> partitionsPerTopic, List<Member> members) {

    /** @param generation -1 for a member that never had an assignment (it then owns nothing) */
    record Member(String memberId, String groupInstanceId, List<String> topics, List<TopicPartition> owned,
                  int generation) {
    }

    static RandomGroup draw(SplittableRandom random) {
        Map<String, Integer> partitionsPerTopic = new LinkedHashMap<>();
        int topicCount = 1 + random.nextInt(5);
        for (int t = 0; t < topicCount; t++) {
            partitionsPerTopic.put("topic-" + (char) ('a' + random.nextInt(26)) + t, 1 + random.nextInt(200));
        }
        List<String> topics = List.copyOf(partitionsPerTopic.keySet());
        int memberCount = 1 + random.nextInt(30);
        // Half the groups subscribe alike: that is the sticky assignors' other code path.
        List<String> common = subset(topics, random);
        boolean alike = random.nextBoolean();
        int lastGeneration = 1 + random.nextInt(20);
        List<String> ids = new ArrayList<>();
        List<List<String>> subscriptions = new ArrayList<>();
        List<Integer> generations = new ArrayList<>();
        List<String> instanceIds = new ArrayList<>();
        Set<String> usedInstanceIds = new HashSet<>();
        for (int m = 0; m < memberCount; m++) {
            // Random hex, so the member ids' order is not the order they are listed in.
            ids.add("consumer-app-" + Long.toHexString(random.nextLong()));
            subscriptions.add(alike ? common : subset(topics, random));
            boolean isNew = random.nextInt(5) == 0;
            generations.add(isNew ? -1 : Math.max(1, lastGeneration - random.nextInt(3)));
            String instanceId = random.nextInt(3) == 0 ? "pod-" + random.nextInt(1000) : null;
            instanceIds.add(instanceId != null && usedInstanceIds.add(instanceId) ? instanceId : null);
        }
        List<List<TopicPartition>> owned = previousOwnership(partitionsPerTopic, subscriptions, generations, random);
        List<Member> members = new ArrayList<>();
        for (int m = 0; m < memberCount; m++) {
            members.add(new Member(ids.get(m), instanceIds.get(m), subscriptions.get(m), owned.get(m),
                    generations.get(m)));
        }
        return new RandomGroup(partitionsPerTopic, members);
    }

    /**
     * Who owned what: most partitions had one owner among the members that had a generation, usually
     * one subscribed to the topic; a few had two claimants (a member that missed a rebalance).
     */
    private static List<List<TopicPartition>> previousOwnership(Map<String, Integer> partitionsPerTopic,
            List<List<String>> subscriptions, List<Integer> generations, SplittableRandom random) {
        List<List<TopicPartition>> owned = new ArrayList<>();
        List<Integer> veterans = new ArrayList<>();
        for (int m = 0; m < subscriptions.size(); m++) {
            owned.add(new ArrayList<>());
            if (generations.get(m) >= 0) {
                veterans.add(m);
            }
        }
        if (veterans.isEmpty()) {
            return owned;
        }
        partitionsPerTopic.forEach((topic, count) -> {
            for (int p = 0; p < count; p++) {
                int claimants = random.nextInt(10) < 8 ? 1 : random.nextInt(20) == 0 ? 2 : 0;
                Set<Integer> owners = new HashSet<>();
                for (int c = 0; c < claimants; c++) {
                    int owner = veterans.get(random.nextInt(veterans.size()));
                    if ((subscriptions.get(owner).contains(topic) || random.nextInt(10) == 0) && owners.add(owner)) {
                        owned.get(owner).add(new TopicPartition(topic, p));
                    }
                }
            }
        });
        return owned;
    }

    /** A non-empty random subset, in the topics' order. */
    private static List<String> subset(List<String> topics, SplittableRandom random) {
        List<String> chosen = new ArrayList<>();
        while (chosen.isEmpty()) {
            for (String topic : topics) {
                if (random.nextBoolean()) {
                    chosen.add(topic);
                }
            }
        }
        return chosen;
    }

    @Override
    public String toString() {
        return "RandomGroup[" + members.size() + " members, topics " + partitionsPerTopic + "]";
    }
}
