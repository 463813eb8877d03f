package org.rebalancesim.report;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ConsumerGroupSpec;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.scenario.Distribution;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.Durations;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.RefusedConfigs;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.scenario.TopologySpec;
import org.rebalancesim.scenario.Variant;

/**
 * Every setting a variant runs with, defaults included, as an ordered flat map of key to value text,
 * so that two variants (or two files) can be shown side by side and diffed line by line.
 *
 * <p>Keys: Kafka's consumer and broker configs under their Kafka names verbatim ({@code session.timeout.ms},
 * {@code group.initial.rebalance.delay.ms}; the two sets of names do not overlap), every other setting
 * under its path in the scenario file ({@code cluster.brokers}, {@code topics.orders.partitions},
 * {@code consumers.overrides.c3.group.instance.id}, {@code timeline[0]}). Kafka's {@code *.ms} values
 * are plain milliseconds as in a properties file; the simulator's own durations are written as in a
 * scenario ({@code 30m}). A config that is not set (no {@code group.instance.id}) reads {@value #NOT_SET};
 * one the Kafka client refuses under the variant's {@code group.protocol} reads "not applicable (Kafka
 * refuses it under group.protocol consumer)", whatever the file gave, since the run ignores it.
 */
public final class EffectiveConfig {

    /** The value text of a setting that is not set, and of a setting one side of a diff lacks. */
    public static final String NOT_SET = "(not set)";

    /** Which part of the scenario a setting belongs to; reports group settings under these headings. */
    public enum Section {
        CONSUMER("Consumer configs"),
        STREAMS("Kafka Streams"),
        BROKER("Broker configs"),
        CLUSTER("Cluster"),
        TOPICS("Topics"),
        PODS("Consumer pods"),
        RUN("Run"),
        TIMELINE("Timeline"),
        FAULTS("Recurring faults");

        private final String heading;

        Section(String heading) {
            this.heading = heading;
        }

        public String heading() {
            return heading;
        }
    }

    /** One setting: where it belongs, its key and its value as text. */
    public record Setting(Section section, String key, String value) {
    }

    private final Map<String, Setting> settings;

    private EffectiveConfig(Map<String, Setting> settings) {
        this.settings = Collections.unmodifiableMap(settings);
    }

    public static EffectiveConfig of(Variant variant) {
        Builder builder = new Builder();
        consumerConfigs(builder, variant.groupId(), variant.consumers().config());
        if (variant.consumers().isStreams()) {
            streamsConfigMap(variant.consumers().streams()).forEach((key, value) -> builder.put(Section.STREAMS, key,
                    value));
        }
        brokerConfigs(builder, variant.cluster());
        builder.put(Section.CLUSTER, "cluster.brokers", variant.cluster().brokers());
        builder.put(Section.CLUSTER, "cluster.network.latency", variant.cluster().network().latency().describe());
        builder.put(Section.CLUSTER, "cluster.metadataPropagation", Durations.format(variant.cluster().metadataPropagationMs()));
        putUnlessNone(builder, Section.CLUSTER, "cluster.coordinatorWarmup", variant.cluster().coordinatorWarmup());
        for (TopicSpec topic : variant.topics()) {
            builder.put(Section.TOPICS, "topics." + topic.name() + ".partitions", topic.partitions());
            builder.put(Section.TOPICS, "topics." + topic.name() + ".rate", topic.schedule() != null
                    ? topic.schedule().text() : rate(topic.recordsPerSecond()));
        }
        pods(builder, variant.consumers());
        builder.put(Section.RUN, "duration", Durations.format(variant.durationMs()));
        builder.put(Section.RUN, "measure.from", Durations.format(variant.measure().fromMs()));
        builder.put(Section.RUN, "measure.to", Durations.format(variant.measure().toMs()));
        for (int i = 0; i < variant.timeline().size(); i++) {
            builder.put(Section.TIMELINE, TimelineEvent.label(i), OperationText.event(variant.timeline().get(i)));
        }
        for (int i = 0; i < variant.faults().size(); i++) {
            builder.put(Section.FAULTS, "faults[" + i + "]", OperationText.fault(variant.faults().get(i)));
        }
        return new EffectiveConfig(builder.settings);
    }

    /** The settings in report order. */
    public List<Setting> settings() {
        return List.copyOf(settings.values());
    }

    /** Key to value text, in report order. */
    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        settings.forEach((key, setting) -> map.put(key, setting.value()));
        return map;
    }

    /** The value text of {@code key}, or {@value #NOT_SET} when this configuration has no such setting. */
    public String valueOf(String key) {
        Setting setting = settings.get(key);
        return setting == null ? NOT_SET : setting.value();
    }

    private static void consumerConfigs(Builder builder, String groupId, ConsumerConfig config) {
        builder.put(Section.CONSUMER, "group.id", groupId);
        consumerConfigMap(config).forEach((key, value) -> builder.put(Section.CONSUMER, key, value));
    }

    /** A Kafka Streams application's own settings under their StreamsConfig names (and the model's topology keys). */
    static Map<String, String> streamsConfigMap(StreamsApp app) {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("num.stream.threads", Integer.toString(app.numStreamThreads()));
        map.put("num.standby.replicas", Integer.toString(app.numStandbyReplicas()));
        map.put("acceptable.recovery.lag", Long.toString(app.acceptableRecoveryLag()));
        map.put("max.warmup.replicas", Integer.toString(app.maxWarmupReplicas()));
        map.put("probing.rebalance.interval.ms", Long.toString(app.probingRebalanceIntervalMs()));
        map.put("commit.interval.ms", Long.toString(app.commitIntervalMs()));
        map.put("poll.ms", Long.toString(app.pollMs()));
        map.put("processing.guarantee", app.exactlyOnce() ? "exactly_once_v2" : "at_least_once");
        map.put("state.cleanup.delay.ms", Long.toString(app.stateCleanupDelayMs()));
        if (app.taskAssignorClass() != null) {
            // Only when set: unset is Kafka's default assignor, and reports that predate the key stay as they were.
            map.put("task.assignor.class", app.taskAssignorClass());
        }
        map.put("closeOptions.groupMembershipOperation", app.closeOperation().name());
        TopologySpec topology = app.topology();
        for (int s = 0; s < topology.subtopologies().size(); s++) {
            TopologySpec.Subtopology sub = topology.subtopologies().get(s);
            map.put("topology.subtopologies[" + s + "]", String.join(", ", sub.sourceTopics())
                    + (sub.stateful() ? ", stateful, changelog " + sub.changelogRecords() + " records + "
                    + Decimals.text(sub.changelogPerRecord()) + " per input record" : ", stateless"));
        }
        map.put("topology.restoreRate", Decimals.text(topology.restoreRecordsPerSec()) + "/s");
        map.put("topology.stateDirectory", topology.persistentState() ? "persistent" : "ephemeral");
        putIfSet(map, "topology.assignWork", topology.assignWork());
        putIfSet(map, "topology.restoreStartWork", topology.restoreStartWork());
        putIfSet(map, "topology.pollLateness", topology.pollLateness());
        return map;
    }

    /** A consumer configuration under its Kafka names, in the order of Kafka's documentation tables. */
    static Map<String, String> consumerConfigMap(ConsumerConfig config) {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("group.protocol", config.groupProtocol().kafkaName());
        map.put("partition.assignment.strategy", String.join(", ", config.partitionAssignmentStrategy()));
        map.put("session.timeout.ms", Long.toString(config.sessionTimeoutMs()));
        map.put("heartbeat.interval.ms", Long.toString(config.heartbeatIntervalMs()));
        map.put("max.poll.interval.ms", Long.toString(config.maxPollIntervalMs()));
        map.put("max.poll.records", Integer.toString(config.maxPollRecords()));
        map.put("enable.auto.commit", Boolean.toString(config.enableAutoCommit()));
        map.put("auto.commit.interval.ms", Long.toString(config.autoCommitIntervalMs()));
        map.put("group.instance.id", orNotSet(config.groupInstanceId()));
        map.put("request.timeout.ms", Long.toString(config.requestTimeoutMs()));
        map.put("retry.backoff.ms", Long.toString(config.retryBackoffMs()));
        map.put("retry.backoff.max.ms", Long.toString(config.retryBackoffMaxMs()));
        map.put("group.remote.assignor", orNotSet(config.groupRemoteAssignor()));
        map.put("metadata.max.age.ms", Long.toString(config.metadataMaxAgeMs()));
        // Not what the run used, but what Kafka's client refuses under this protocol (docs/kafka-semantics.md §24).
        map.replaceAll((key, value) -> RefusedConfigs.refuses(config.groupProtocol(), key)
                ? RefusedConfigs.notApplicable(config.groupProtocol()) : value);
        return map;
    }

    private static void brokerConfigs(Builder builder, ClusterSpec cluster) {
        Section broker = Section.BROKER;
        builder.put(broker, "group.initial.rebalance.delay.ms", cluster.groupInitialRebalanceDelayMs());
        builder.put(broker, "offsets.topic.num.partitions", cluster.offsetsTopicNumPartitions());
        builder.put(broker, "group.min.session.timeout.ms", cluster.groupMinSessionTimeoutMs());
        builder.put(broker, "group.max.session.timeout.ms", cluster.groupMaxSessionTimeoutMs());
        builder.put(broker, "group.max.size", cluster.groupMaxSize());
        builder.put(broker, "broker.session.timeout.ms", cluster.brokerSessionTimeoutMs());
        ConsumerGroupSpec group = cluster.consumerGroup();
        builder.put(broker, "group.consumer.heartbeat.interval.ms", group.heartbeatIntervalMs());
        builder.put(broker, "group.consumer.session.timeout.ms", group.sessionTimeoutMs());
        builder.put(broker, "group.consumer.assignors", String.join(", ", group.assignors()));
        builder.put(broker, "group.consumer.assignment.interval.ms", group.assignmentIntervalMs());
        builder.put(broker, "group.consumer.migration.policy", group.migrationPolicy().kafkaName());
        builder.put(broker, "group.consumer.regex.refresh.interval.ms", group.regexRefreshIntervalMs());
    }

    private static void pods(Builder builder, ConsumersSpec consumers) {
        builder.put(Section.PODS, "consumers.count", Integer.toString(consumers.initial().size()));
        builder.put(Section.PODS, "consumers.names", String.join(", ", consumers.initial()));
        builder.put(Section.PODS, "consumers.subscribe", String.join(", ", consumers.subscribe()));
        builder.put(Section.PODS, "consumers.processing", consumers.processing().describe());
        builder.put(Section.PODS, "consumers.startup.stagger", Durations.format(consumers.startup().staggerMs()));
        startup(builder, consumers.startup());
        putUnlessNone(builder, Section.PODS, "consumers.heartbeatLateness", consumers.heartbeatLateness());
        Map<String, String> shared = consumerConfigMap(consumers.config());
        consumers.overrides().forEach((pod, config) -> consumerConfigMap(config).forEach((key, value) -> {
            if (!value.equals(shared.get(key))) {
                builder.put(Section.PODS, "consumers.overrides." + pod + "." + key, value);
            }
        }));
    }

    /** The start-up settings; those left at "as before" (no warm-up, exit time or contention) are not listed. */
    private static void startup(Builder builder, StartupSpec startup) {
        builder.put(Section.PODS, "consumers.startup.jvmStart", duration(startup.jvmStart()));
        putUnlessNone(builder, Section.PODS, "consumers.startup.clientWarmup", startup.clientWarmup());
        putUnlessNone(builder, Section.PODS, "consumers.startup.closeWork", startup.closeWork());
        putUnlessNone(builder, Section.PODS, "consumers.startup.jvmExit", startup.jvmExit());
        putUnlessNone(builder, Section.PODS, "consumers.startup.firstAssignment", startup.firstAssignment());
        putUnlessNone(builder, Section.PODS, "consumers.startup.firstSync", startup.firstSync());
        putUnlessNone(builder, Section.PODS, "consumers.startup.firstActiveTask", startup.firstActiveTask());
        if (startup.hasContention()) {
            builder.put(Section.PODS, "consumers.startup.nodeCores", Integer.toString(startup.nodeCores()));
            builder.put(Section.PODS, "consumers.startup.podsPerNode", startup.podsPerNode() == StartupSpec.ONE_NODE
                    ? "all (one node)" : Integer.toString(startup.podsPerNode()));
            builder.put(Section.PODS, "consumers.startup.coresPerStart", plainNumber(startup.coresPerStart()));
            if (startup.coreShareSpread() != StartupSpec.EQUAL_SHARES) {
                builder.put(Section.PODS, "consumers.startup.coreShareSpread", plainNumber(startup.coreShareSpread()));
            }
        }
    }

    /**
     * Whether the scenario spends a duration it may leave out: left at no time (as before), it is not listed, so
     * reports that predate its key stay as they were.
     */
    private static boolean isSet(Distribution distribution) {
        return !Distributions.NO_TIME.equals(distribution);
    }

    private static void putIfSet(Map<String, String> map, String key, Distribution distribution) {
        if (isSet(distribution)) {
            map.put(key, duration(distribution));
        }
    }

    private static void putUnlessNone(Builder builder, Section section, String key, Distribution distribution) {
        if (isSet(distribution)) {
            builder.put(section, key, duration(distribution));
        }
    }

    /** A number as a scenario writes it: 1.75, 2, 0.15. */
    private static String plainNumber(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** A constant as a scenario writes a duration (2s), any other distribution as it describes itself. */
    private static String duration(Distribution distribution) {
        return distribution instanceof Distributions.Constant constant
                ? Durations.format(Math.round(constant.valueMs())) : distribution.describe();
    }

    /** Records per second as a scenario writes them: 60/s, 0.5/s. */
    static String rate(double perSecond) {
        return new BigDecimal(Double.toString(perSecond)).stripTrailingZeros().toPlainString() + "/s";
    }

    private static String orNotSet(String value) {
        return value == null ? NOT_SET : value;
    }

    private static final class Builder {
        private final Map<String, Setting> settings = new LinkedHashMap<>();

        void put(Section section, String key, String value) {
            settings.put(key, new Setting(section, key, value));
        }

        void put(Section section, String key, long value) {
            put(section, key, Long.toString(value));
        }
    }
}
