package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.partition.TopicPartition;

/**
 * The group kept in Kafka's form between computations ({@link ServerGroupSpec}, {@link TargetAssignment})
 * against the group rebuilt from our types for every computation, the way the simulator computed targets
 * before (each member's previous target as sorted partitions, handed to the assignor as default-sized
 * HashSets filled in order): over random sequences of joins, leaves, subscription changes and metadata
 * changes, every target must be the same, so keeping Kafka's sets changes no result.
 */
class ServerTargetChainTest {

    private static final int SEQUENCES = 60;
    private static final int STEPS = 25;
    private static final List<String> TOPICS = List.of("a", "b", "c");

    @ParameterizedTest
    @ValueSource(strings = {"uniform", "range"})
    void keptTargetsAreTheTargetsRebuiltEveryTime(String assignor) {
        SplittableRandom seeds = new SplittableRandom(assignor.hashCode());
        for (int s = 0; s < SEQUENCES; s++) {
            long seed = seeds.nextLong();
            run(assignor, new SplittableRandom(seed), seed);
        }
    }

    /**
     * A large group on one topic: members that get a partition added hold sets that Kafka's copy iterates
     * in another order than the simulator's own sets would, and the members that join later make the
     * uniform assignor iterate them to choose what the others keep.
     */
    @ParameterizedTest
    @ValueSource(strings = {"uniform", "range"})
    void keptTargetsAreTheTargetsRebuiltEveryTimeInALargeGroup(String assignor) {
        SplittableRandom seeds = new SplittableRandom(assignor.hashCode() + 1);
        for (int s = 0; s < 4; s++) {
            long seed = seeds.nextLong();
            run(assignor, new SplittableRandom(seed), seed, 120, 1000);
        }
    }

    private static void run(String assignor, SplittableRandom random, long seed) {
        run(assignor, random, seed, 0, 1 + random.nextInt(300));
    }

    /** @param joinFirst members that join one by one before the random changes */
    private static void run(String assignor, SplittableRandom random, long seed, int joinFirst, int partitionsOfA) {
        ServerGroupSpec kept = new ServerGroupSpec();
        SortedMap<String, Set<String>> subscriptions = new TreeMap<>();
        SortedMap<String, SortedSet<TopicPartition>> rebuiltTarget = new TreeMap<>();
        Map<String, Integer> metadata = new TreeMap<>(Map.of("a", partitionsOfA, "b", 1 + random.nextInt(40)));
        int nextMember = 0;
        List<String> steps = new ArrayList<>();
        for (int step = 0; step < joinFirst + STEPS; step++) {
            int change = step < joinFirst || subscriptions.isEmpty() ? 0 : random.nextInt(10);
            if (change <= 3) {
                String memberId = "m-" + (char) ('a' + random.nextInt(26)) + nextMember++;
                subscriptions.put(memberId, joinFirst > 0 ? Set.of("a") : topics(random));
                kept.putMember(memberId, null, subscriptions.get(memberId));
                steps.add("join " + memberId + " " + subscriptions.get(memberId));
            } else if (change <= 5) {
                String memberId = pick(subscriptions, random);
                subscriptions.remove(memberId);
                rebuiltTarget.remove(memberId);
                kept.removeMember(memberId);
                kept.target().remove(memberId);
                steps.add("leave " + memberId);
            } else if (change <= 7) {
                String memberId = pick(subscriptions, random);
                subscriptions.put(memberId, topics(random));
                kept.putMember(memberId, null, subscriptions.get(memberId));
                steps.add("subscribe " + memberId + " " + subscriptions.get(memberId));
            } else {
                // Grows a topic mostly; sometimes shrinks one or makes one appear or disappear.
                String topic = TOPICS.get(random.nextInt(TOPICS.size()));
                int count = metadata.getOrDefault(topic, 0) + random.nextInt(-3, 40);
                if (count > 0) {
                    metadata.put(topic, count);
                } else {
                    metadata.remove(topic);
                }
                steps.add("metadata " + metadata);
            }
            List<ServerAssignors.Member> members = new ArrayList<>();
            subscriptions.forEach((memberId, topics) -> members.add(new ServerAssignors.Member(memberId, null, topics,
                    rebuiltTarget.getOrDefault(memberId, new TreeSet<>()))));
            SortedMap<String, SortedSet<TopicPartition>> rebuilt =
                    ServerAssignors.assign(ServerAssignors.create(assignor), members, metadata);
            TargetAssignment next = ServerAssignors.assign(ServerAssignors.create(assignor), kept, metadata);
            for (String memberId : subscriptions.keySet()) {
                assertEquals(rebuilt.get(memberId), next.partitions(memberId),
                        () -> assignor + ", seed " + seed + ", member " + memberId + " after " + steps);
            }
            assertEquals(subscriptions.keySet(), next.memberIds(), () -> "seed " + seed + " after " + steps);
            kept.setTarget(next);
            rebuiltTarget.clear();
            rebuiltTarget.putAll(rebuilt);
        }
    }

    private static Set<String> topics(SplittableRandom random) {
        Set<String> topics = new TreeSet<>();
        for (String topic : TOPICS) {
            if (random.nextInt(3) > 0) {
                topics.add(topic);
            }
        }
        return topics;
    }

    private static String pick(SortedMap<String, ?> members, SplittableRandom random) {
        return List.copyOf(members.keySet()).get(random.nextInt(members.size()));
    }
}
