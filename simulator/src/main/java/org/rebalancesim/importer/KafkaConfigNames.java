package org.rebalancesim.importer;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Which names are Kafka's own configs, read from Kafka's config definitions (kafka-clients and kafka-streams
 * 4.4.0) rather than listed here: a key of a properties file the model does not read is either a real config
 * it leaves out (bootstrap.servers) or no Kafka config at all (a typo), and the user is told which.
 */
final class KafkaConfigNames {

    /** ConsumerConfig's names: what a consumer.properties file may set. Sorted, so a suggestion is stable. */
    static final SortedSet<String> CONSUMER = Collections.unmodifiableSortedSet(new TreeSet<>(ConsumerConfig.configNames()));
    /** StreamsConfig's own names, those that are not also consumer configs (application.id, num.stream.threads). */
    static final Set<String> STREAMS_ONLY = streamsOnly();
    /** Streams passes these prefixes' keys on to one of its clients, or to its internal topics (StreamsConfig). */
    static final List<String> STREAMS_CONSUMER_PREFIXES = List.of(StreamsConfig.MAIN_CONSUMER_PREFIX,
            StreamsConfig.CONSUMER_PREFIX, StreamsConfig.RESTORE_CONSUMER_PREFIX, StreamsConfig.GLOBAL_CONSUMER_PREFIX);

    private static final Set<String> PRODUCER = Set.copyOf(ProducerConfig.configNames());
    private static final Set<String> ADMIN = Set.copyOf(AdminClientConfig.configNames());
    /** Prefixes whose keys are free-form in Kafka: topic configs and client tags. */
    private static final List<String> OPEN_PREFIXES = List.of(StreamsConfig.TOPIC_PREFIX,
            StreamsConfig.CLIENT_TAG_PREFIX);

    private KafkaConfigNames() {
    }

    private static Set<String> streamsOnly() {
        Set<String> names = new TreeSet<>(StreamsConfig.configDef().names());
        names.removeAll(ConsumerConfig.configNames());
        return Set.copyOf(names);
    }

    /**
     * Whether a Kafka Streams application's properties may hold {@code key}: a StreamsConfig name, a config of
     * one of the clients Streams makes (it passes unprefixed ones on), or one of those behind its prefix.
     */
    static boolean isStreamsConfig(String key) {
        if (STREAMS_ONLY.contains(key) || CONSUMER.contains(key) || PRODUCER.contains(key) || ADMIN.contains(key)) {
            return true;
        }
        for (String prefix : STREAMS_CONSUMER_PREFIXES) {
            if (key.startsWith(prefix) && CONSUMER.contains(key.substring(prefix.length()))) {
                return true;
            }
        }
        if (key.startsWith(StreamsConfig.PRODUCER_PREFIX)
                && PRODUCER.contains(key.substring(StreamsConfig.PRODUCER_PREFIX.length()))) {
            return true;
        }
        if (key.startsWith(StreamsConfig.ADMIN_CLIENT_PREFIX)
                && ADMIN.contains(key.substring(StreamsConfig.ADMIN_CLIENT_PREFIX.length()))) {
            return true;
        }
        return OPEN_PREFIXES.stream().anyMatch(prefix -> key.startsWith(prefix) && key.length() > prefix.length());
    }

    /** Every name a Streams file may hold without a prefix, to suggest the closest for a typo. */
    static Set<String> streamsNames() {
        Set<String> names = new TreeSet<>(STREAMS_ONLY);
        names.addAll(CONSUMER);
        names.addAll(PRODUCER);
        names.addAll(ADMIN);
        return names;
    }
}
