package org.rebalancesim.calibration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.rebalancesim.scenario.TopologySpec;

/**
 * The scenario's topology as a real Kafka Streams {@link Topology}: sub-topology {@code i} is a source
 * of its topics and one processor, which "processes" each record as a {@link ConsumerWorker} does
 * ({@link RecordProcessor}), logs it, and if the sub-topology is stateful writes
 * {@code changelogPerRecord} entries (new keys, so none replaces another) to its persistent key-value
 * store {@code store-i}, whose changelog topic is {@code <application.id>-store-i-changelog}. Kafka
 * numbers sub-topologies in the order they are added when they share nothing, as here, so sub-topology
 * {@code i}'s tasks are {@code i_p} as in the scenario. Each processor tells {@code tasks} when its task
 * starts and stops running ({@link StreamsTaskEvents}).
 */
final class StreamsWorkerTopology {

    private StreamsWorkerTopology() {
    }

    static Topology build(StreamsWorkerSettings settings, Map<String, String> realTopics, RecordProcessor processor,
                          ProcessedRanges processed, WorkerEvents events, StreamsTaskEvents.Lifecycle tasks) {
        Topology topology = new Topology();
        List<TopologySpec.Subtopology> subtopologies = settings.subtopologies();
        for (int i = 0; i < subtopologies.size(); i++) {
            TopologySpec.Subtopology sub = subtopologies.get(i);
            String source = "source-" + i;
            String name = "process-" + i;
            String[] topics = sub.sourceTopics().stream().map(t -> realTopics.getOrDefault(t, t))
                    .toArray(String[]::new);
            topology.addSource(source, Serdes.ByteArray().deserializer(), Serdes.ByteArray().deserializer(), topics);
            String store = sub.stateful() ? StreamsWorkerSettings.storeName(i) : null;
            double perRecord = sub.changelogPerRecord();
            topology.addProcessor(name, () -> new Step(processor, processed, events, tasks, store, perRecord), source);
            if (store != null) {
                topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(store),
                        Serdes.Long(), Serdes.ByteArray()), name);
            }
        }
        return topology;
    }

    /** One sub-topology's processor on one task. */
    private static final class Step implements Processor<byte[], byte[], Void, Void> {

        private static final byte[] VALUE = new byte[8];

        private final RecordProcessor processor;
        private final ProcessedRanges processed;
        private final WorkerEvents events;
        private final StreamsTaskEvents.Lifecycle tasks;
        private final String storeName;
        private final double perRecord;
        private ProcessorContext<Void, Void> context;
        private KeyValueStore<Long, byte[]> store;
        private double owedWrites;
        /** The log's name of the partition of the last record: a task reads one partition of each source. */
        private String lastTopic;
        private int lastPartition = -1;
        private String lastName;

        Step(RecordProcessor processor, ProcessedRanges processed, WorkerEvents events,
             StreamsTaskEvents.Lifecycle tasks, String storeName, double perRecord) {
            this.processor = processor;
            this.processed = processed;
            this.events = events;
            this.tasks = tasks;
            this.storeName = storeName;
            this.perRecord = perRecord;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            this.context = context;
            if (storeName != null) {
                store = context.getStateStore(storeName);
            }
            tasks.running(context.taskId());
        }

        @Override
        public void close() {
            tasks.stopped(context.taskId());
        }

        @Override
        public void process(Record<byte[], byte[]> record) {
            RecordMetadata metadata = context.recordMetadata().orElseThrow();
            String partition = nameOf(metadata);
            try {
                processor.process(partition, metadata.offset());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while processing", e);
            }
            if (store != null) {
                owedWrites += perRecord;
                // Keys from the record's offset: distinct per record and write (the prefilled ones are negative).
                for (long key = metadata.offset() << 8; owedWrites >= 1; owedWrites--, key++) {
                    store.put(key, VALUE);
                }
            }
            processed.record(partition, metadata.offset());
        }

        private String nameOf(RecordMetadata metadata) {
            if (metadata.partition() != lastPartition || !metadata.topic().equals(lastTopic)) {
                lastTopic = metadata.topic();
                lastPartition = metadata.partition();
                lastName = events.name(new TopicPartition(lastTopic, lastPartition));
            }
            return lastName;
        }
    }
}
