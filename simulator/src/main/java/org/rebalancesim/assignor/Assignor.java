package org.rebalancesim.assignor;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.partition.TopicPartition;

/**
 * A client-side partition assignor, one instance per member as in Kafka (the sticky assignors keep
 * what they were assigned and send it back in their subscription's user data). Implementations wrap
 * Kafka's own code.
 */
public interface Assignor {

    /** Kafka's rebalance protocols: what an assignor supports decides eager or cooperative. */
    enum RebalanceProtocol { EAGER, COOPERATIVE }

    /** The protocol name members advertise in JoinGroup ("range", "cooperative-sticky", ...). */
    String name();

    /** The rebalance protocols this assignor supports (ConsumerPartitionAssignor#supportedProtocols). */
    List<RebalanceProtocol> supportedProtocols();

    /** The user data this member sends with its subscription (ConsumerPartitionAssignor#subscriptionUserData); may be null. */
    ByteBuffer subscriptionUserData(Set<String> topics);

    /**
     * Whether the last {@link #assign} put user data in some member's assignment (ConsumerPartitionAssignor
     * .Assignment#userData): only a user's assignor may; Kafka's built-in ones never do, and Kafka will not convert
     * a classic group whose assignment carries any (docs/kafka-semantics.md §21).
     */
    default boolean assignedUserData() {
        return false;
    }

    /**
     * How long the last {@link #assign} kept the leader busy beyond the assignor's compute time
     * ({@link AssignmentCost}): Kafka Streams' round trips to the cluster; 0 for Kafka's consumer assignors.
     */
    default long lastAssignWorkMs() {
        return 0;
    }

    /** Tells the member's assignor what the member was assigned (ConsumerPartitionAssignor#onAssignment). */
    void onAssignment(List<TopicPartition> assigned, int generation);

    /** How long {@link #onAssignment} of this assignment would hold the application thread before it returns. */
    default long onAssignmentWaitMs(List<TopicPartition> assigned) {
        return 0;
    }

    /**
     * Runs on the leader.
     *
     * @param partitionsPerTopic the leader's metadata: partition count per topic, all the assignor is told
     * @param clusterPartitions  the partition counts the cluster has now. An answer may hold a partition the
     *                           leader's metadata does not know yet, since Kafka's sticky assignors keep a
     *                           member's owned partitions whatever the metadata says; none beyond these.
     * @param members            every member with its subscription, in the order the leader received them
     * @return member id → assigned partitions (sorted); every member appears, possibly with none
     */
    Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic,
                                             Map<String, Integer> clusterPartitions, List<MemberSubscription> members);

    /** {@link #assign(Map, Map, List)} by a leader whose metadata is the cluster's. */
    default Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic,
                                                     List<MemberSubscription> members) {
        return assign(partitionsPerTopic, partitionsPerTopic, members);
    }

    /**
     * @param userData        what the member's assignor put in its subscription (read-only), or null
     * @param ownedPartitions the partitions the member owned when it joined (cooperative only)
     * @param generation      the member's generation when it joined, -1 if none
     */
    record MemberSubscription(String memberId, String groupInstanceId, List<String> topics, ByteBuffer userData,
                              List<TopicPartition> ownedPartitions, int generation) {
        public MemberSubscription {
            topics = List.copyOf(topics);
            ownedPartitions = List.copyOf(ownedPartitions);
            userData = userData == null ? null : userData.asReadOnlyBuffer();
        }
    }
}
