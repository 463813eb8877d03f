package org.rebalancesim.assignor;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.MemberAssignment;
import org.rebalancesim.partition.TopicPartition;

/**
 * One member's target assignment in Kafka's form (topic id → partition numbers), kept as Kafka's assignor
 * returned it (Kafka's ConsumerGroup keeps each member's target the same way), with the two translations
 * the simulator needs, each made at most once per target:
 * <ul>
 *   <li>{@link #topicPartitions()}: our sorted partitions, where the model needs names (reconciliation,
 *       metrics);</li>
 *   <li>{@link #partitions()}: what the assignor gets back as the member's assignment next time. Kafka's
 *       uniform assignor iterates these sets, so their iteration order is part of its result: they must
 *       iterate as the sets the simulator has always built (default-sized HashSets filled in partition
 *       order, topics in name order). Kafka's own set is handed back where it does (mostly), else that set
 *       is built (a set Kafka copied and added to may iterate in another order). A member whose target did
 *       not change gets these very maps back from the assignor, and keeps this object.</li>
 * </ul>
 */
final class MemberTarget implements MemberAssignment {

    private static final Comparator<TopicTable.Topic> BY_NAME = Comparator.comparing(topic -> topic.name);
    /**
     * Kafka's range assignor answers with its RangeSet of the numbers [from, to), iterated in order: its first
     * number and its size say which, without reading them all. Null if this Kafka has no such class.
     */
    static final Class<?> RANGE_SET = classOrNull("org.apache.kafka.coordinator.group.assignor.RangeSet");

    private static Class<?> classOrNull(String name) {
        try {
            return Class.forName(name, false, MemberTarget.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** What Kafka's assignor returned (for a target given in our types: their translation). */
    private final Map<Uuid, Set<Integer>> assigned;
    private final TopicTable topics;
    private SortedPartitions sorted;
    private Map<Uuid, Set<Integer>> handedOut;

    private MemberTarget(Map<Uuid, Set<Integer>> assigned, TopicTable topics, SortedPartitions sorted,
                         Map<Uuid, Set<Integer>> handedOut) {
        this.assigned = assigned;
        this.topics = topics;
        this.sorted = sorted;
        this.handedOut = handedOut;
    }

    /** A member's part of Kafka's answer. */
    static MemberTarget fromKafka(Map<Uuid, Set<Integer>> assigned, TopicTable topics) {
        return new MemberTarget(assigned, topics, null, null);
    }

    /** A target given in our types (a test's or a benchmark's starting point). */
    static MemberTarget of(Collection<TopicPartition> partitions, TopicTable topics) {
        SortedPartitions sorted = SortedPartitions.of(
                partitions.stream().distinct().sorted().toArray(TopicPartition[]::new));
        Map<Uuid, Set<Integer>> forAssignor = forAssignor(sorted, topics, null);
        return new MemberTarget(forAssignor, topics, sorted, forAssignor);
    }

    /** Whether {@code answer}, the assignor's map for this member, is the map it was given: nothing changed. */
    boolean isUnchangedIn(Map<Uuid, Set<Integer>> answer) {
        return handedOut != null && answer == handedOut;
    }

    /** Our partitions, sorted (translated on first use). */
    SortedPartitions topicPartitions() {
        if (sorted == null) {
            sorted = translate();
        }
        return sorted;
    }

    /**
     * The member's assignment for the assignor's next run, made on first use, then always the same map:
     * Kafka's answer itself where it iterates as the simulator's own sets would (one topic, see
     * {@link HashSetOrder}), else those sets.
     */
    @Override
    public Map<Uuid, Set<Integer>> partitions() {
        if (handedOut == null) {
            handedOut = iteratesAsHandedOut(assigned) ? Collections.unmodifiableMap(assigned)
                    : forAssignor(topicPartitions(), topics, null);
        }
        return handedOut;
    }

    private static boolean iteratesAsHandedOut(Map<Uuid, Set<Integer>> partitions) {
        if (partitions.size() != 1) {
            return partitions.isEmpty();
        }
        Set<Integer> only = partitions.values().iterator().next();
        return !only.isEmpty() && HashSetOrder.isAscendingFill(only);
    }

    /**
     * The assignor's input when {@code partitionCounts} (by topic name) lacks some of the target's partitions
     * (a topic gone, or fewer partitions): only those that exist, as Kafka's assignors require.
     */
    Map<Uuid, Set<Integer>> partitionsWithin(Map<String, Integer> partitionCounts) {
        return forAssignor(topicPartitions(), topics, partitionCounts);
    }

    /** The sets the simulator hands the assignor: default-sized HashSets, filled in (topic, partition) order. */
    private static Map<Uuid, Set<Integer>> forAssignor(SortedPartitions all, TopicTable topics,
                                                       Map<String, Integer> partitionCounts) {
        Map<Uuid, Set<Integer>> byTopic = new HashMap<>();
        String topic = null;
        Set<Integer> ids = null;
        for (TopicPartition partition : all) {
            if (partitionCounts != null) {
                Integer count = partitionCounts.get(partition.topic());
                if (count == null || partition.partition() >= count) {
                    continue;
                }
            }
            if (!partition.topic().equals(topic)) {
                topic = partition.topic();
                ids = new HashSet<>();
                byTopic.put(topics.id(topic), ids);
            }
            ids.add(partition.partition());
        }
        // Kafka's uniform assignor requires immutable maps ("The assignor expect an immutable map").
        byTopic.replaceAll((topicId, partitions) -> Collections.unmodifiableSet(partitions));
        return Collections.unmodifiableMap(byTopic);
    }

    /**
     * Kafka's answer as our partitions: topics by name, partition numbers sorted (no sort when already so).
     * One topic's contiguous numbers, the range assignor's answer, are a slice of the topic's partitions.
     */
    private SortedPartitions translate() {
        if (assigned.size() == 1) {
            Map.Entry<Uuid, Set<Integer>> only = assigned.entrySet().iterator().next();
            TopicTable.Topic topic = topics.topic(only.getKey());
            Set<Integer> ids = only.getValue();
            if (ids.getClass() == RANGE_SET && !ids.isEmpty()) {
                int from = ids.iterator().next();
                if (from >= 0) {
                    return SortedPartitions.of(topic.upTo(from + ids.size()), from, from + ids.size());
                }
            }
            int[] numbers = numbers(topic, ids);
            if (numbers.length > 0 && numbers[numbers.length - 1] - numbers[0] == numbers.length - 1) {
                return SortedPartitions.of(topic.upTo(numbers[numbers.length - 1] + 1), numbers[0],
                        numbers[numbers.length - 1] + 1);
            }
            return SortedPartitions.of(partitions(topic, numbers, new TopicPartition[numbers.length], 0));
        }
        TopicTable.Topic[] byName = new TopicTable.Topic[assigned.size()];
        int total = 0;
        int t = 0;
        for (Map.Entry<Uuid, Set<Integer>> entry : assigned.entrySet()) {
            byName[t++] = topics.topic(entry.getKey());
            total += entry.getValue().size();
        }
        Arrays.sort(byName, BY_NAME);
        TopicPartition[] partitions = new TopicPartition[total];
        int next = 0;
        for (TopicTable.Topic topic : byName) {
            int[] numbers = numbers(topic, assigned.get(topic.id));
            partitions(topic, numbers, partitions, next);
            next += numbers.length;
        }
        return SortedPartitions.of(partitions);
    }

    /** The partition numbers, ascending. */
    private static int[] numbers(TopicTable.Topic topic, Set<Integer> partitions) {
        int[] numbers = new int[partitions.size()];
        int n = 0;
        boolean ascending = true;
        for (int partition : partitions) {
            ascending &= n == 0 || numbers[n - 1] < partition;
            numbers[n++] = partition;
        }
        if (!ascending) {
            Arrays.sort(numbers);
        }
        if (n > 0 && numbers[0] < 0) {
            throw new IllegalStateException("Kafka's assignor answered with partition " + numbers[0] + " of "
                    + topic.name);
        }
        return numbers;
    }

    /** Puts the topic's partitions with these numbers into {@code into}, from {@code at} on. */
    private static TopicPartition[] partitions(TopicTable.Topic topic, int[] numbers, TopicPartition[] into, int at) {
        if (numbers.length > 0) {
            TopicPartition[] all = topic.upTo(numbers[numbers.length - 1] + 1);
            for (int i = 0; i < numbers.length; i++) {
                into[at + i] = all[numbers[i]];
            }
        }
        return into;
    }
}
