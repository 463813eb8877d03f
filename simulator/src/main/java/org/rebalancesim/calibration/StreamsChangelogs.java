package org.rebalancesim.calibration;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.rebalancesim.scenario.TopologySpec;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.workload.StreamsTaskTable;

/**
 * The changelog topics of a Kafka Streams calibration run, made before its first instance starts:
 * each stateful sub-topology's {@code <application.id>-store-i-changelog}, compacted as Streams makes
 * it, with as many partitions as its tasks, holding the scenario's {@code changelog.records} per task,
 * so that the first instances restore what the simulated ones restore. Streams finds them and
 * validates their partition counts rather than creating them.
 */
final class StreamsChangelogs {

    private static final byte[] VALUE = new byte[8];

    private StreamsChangelogs() {
    }

    /** The changelog topics' names on the cluster. */
    static List<String> names(Variant variant, String applicationId) {
        List<String> names = new ArrayList<>();
        List<TopologySpec.Subtopology> subtopologies = variant.consumers().streams().topology().subtopologies();
        for (int i = 0; i < subtopologies.size(); i++) {
            if (subtopologies.get(i).stateful()) {
                names.add(name(applicationId, i));
            }
        }
        return names;
    }

    static String name(String applicationId, int subtopology) {
        return applicationId + "-" + StreamsWorkerSettings.storeName(subtopology) + "-changelog";
    }

    static void create(Admin admin, CalibrationCluster cluster, Variant variant, String applicationId)
            throws InterruptedException {
        TopologySpec topology = variant.consumers().streams().topology();
        StreamsTaskTable tasks = StreamsTaskTable.of(topology, variant.topics());
        List<NewTopic> topics = new ArrayList<>();
        List<int[]> fills = new ArrayList<>();
        for (int i = 0; i < topology.subtopologies().size(); i++) {
            if (topology.subtopologies().get(i).stateful()) {
                int partitions = tasks.taskCount(i);
                topics.add(new NewTopic(name(applicationId, i), Optional.of(partitions), cluster.replicationFactor())
                        .configs(Map.of("cleanup.policy", "compact")));
                fills.add(new int[] {i, partitions});
            }
        }
        try {
            admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new CalibrationException("could not create the changelog topics on " + cluster.bootstrapServers()
                    + ": " + e.getMessage(), e);
        }
        fill(cluster, applicationId, topology.subtopologies(), fills);
    }

    private static void fill(CalibrationCluster cluster, String applicationId,
                             List<TopologySpec.Subtopology> subtopologies, List<int[]> fills)
            throws InterruptedException {
        Map<String, Object> config = Map.of("bootstrap.servers", cluster.bootstrapServers(),
                "client.id", "rebalance-sim-calibration-changelogs", "acks", "all", "linger.ms", 20,
                "batch.size", 262_144, "enable.metrics.push", false,
                "key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer",
                "value.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
            for (int[] fill : fills) {
                long records = subtopologies.get(fill[0]).changelogRecords();
                String topic = name(applicationId, fill[0]);
                for (int partition = 0; partition < fill[1]; partition++) {
                    for (long k = 0; k < records; k++) {
                        // Negative keys: the store's own writes use keys from input offsets, never these.
                        byte[] key = ByteBuffer.allocate(Long.BYTES).putLong(-1 - k).array();
                        producer.send(new ProducerRecord<>(topic, partition, key, VALUE), (metadata, error) -> {
                            if (error != null) {
                                failure.compareAndSet(null, error);
                            }
                        });
                    }
                }
            }
            producer.flush();
        } catch (KafkaException e) {
            failure.compareAndSet(null, e);
        }
        if (failure.get() != null) {
            throw new CalibrationException("could not write the changelogs' initial records: "
                    + failure.get().getMessage(), failure.get());
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
