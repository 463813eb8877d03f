package org.rebalancesim.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The values of the consumer config group.protocol (Kafka's GroupProtocol), and the two facts the
 * scenario loader needs from them to validate a configuration. Which protocol a pod then runs (eager or
 * cooperative for classic) is decided by the simulator from this value and the assignors.
 */
public enum GroupProtocolName {
    /** JoinGroup / SyncGroup; the client sets its session timeout and heartbeat, and assigns (the leader). */
    CLASSIC("classic", true),
    /** KIP-848: the broker sets the session timeout and heartbeat (group.consumer.*) and assigns. */
    CONSUMER("consumer", false),
    /**
     * KIP-1071, Kafka Streams only (StreamsConfig group.protocol): the broker sets the session timeout and
     * heartbeat (group.streams.*) and assigns the tasks. A plain consumer cannot speak it.
     */
    STREAMS("streams", false);

    private final String kafkaName;
    private final boolean clientOwnsGroupSettings;

    GroupProtocolName(String kafkaName, boolean clientOwnsGroupSettings) {
        this.kafkaName = kafkaName;
        this.clientOwnsGroupSettings = clientOwnsGroupSettings;
    }

    /** The value as Kafka and the scenario files write it. */
    public String kafkaName() {
        return kafkaName;
    }

    /**
     * Whether the client's session.timeout.ms, heartbeat.interval.ms and partition.assignment.strategy are
     * the ones in force (so Kafka's client-side rules on them apply), rather than the broker's.
     */
    public boolean clientOwnsGroupSettings() {
        return clientOwnsGroupSettings;
    }

    /** The value written {@code name} (any case), if Kafka has it. */
    public static Optional<GroupProtocolName> named(String name) {
        return Arrays.stream(values()).filter(value -> value.kafkaName.equalsIgnoreCase(name)).findFirst();
    }

    /** "classic or consumer": a consumer's values, for messages. */
    static String choices() {
        List<String> names = Arrays.stream(values()).filter(value -> value != STREAMS)
                .map(GroupProtocolName::kafkaName).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }
}
