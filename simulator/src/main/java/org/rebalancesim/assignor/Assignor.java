package org.rebalancesim.assignor;

import java.util.List;
import java.util.Map;
import org.rebalancesim.cluster.TopicPartition;

/** A partition assignor, as the group leader runs it. Implementations wrap Kafka's own code. */
public interface Assignor {

    /** The protocol name members advertise in JoinGroup ("range", "cooperative-sticky", ...). */
    String name();

    /**
     * @param partitionsPerTopic the leader's metadata: partition count per topic
     * @param members            every member with its subscription, in the order the leader received them
     * @return member id → assigned partitions (sorted); every member appears, possibly with none
     */
    Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic, List<MemberSubscription> members);

    /**
     * @param ownedPartitions the partitions the member owned when it joined (sticky assignors use them)
     * @param generation      the member's generation when it joined, -1 if none
     */
    record MemberSubscription(String memberId, String groupInstanceId, List<String> topics,
                              List<TopicPartition> ownedPartitions, int generation) {
        public MemberSubscription {
            topics = List.copyOf(topics);
            ownedPartitions = List.copyOf(ownedPartitions);
        }
    }
}
