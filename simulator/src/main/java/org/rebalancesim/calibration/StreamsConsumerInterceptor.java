package org.rebalancesim.calibration;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * The streams-protocol worker's view of its stream thread's main consumer, which Kafka Streams 4.4.0 builds
 * itself under group.protocol=streams (docs/kafka-semantics.md §27): a consumer interceptor, configured
 * through StreamsConfig's {@code main.consumer.} prefix, is the public hook left. {@code onConsume} runs
 * at the end of every poll that returned records, before Streams processes them: there the worker flushes
 * what the thread processed since (the classic worker's before-poll step) and logs {@code polled};
 * {@code onCommit} logs {@code committed}, as {@link CommitInterceptor} does. The worker hands over its
 * {@link WorkerEvents} and its flush through the configuration map (Kafka passes the original objects).
 */
public final class StreamsConsumerInterceptor implements ConsumerInterceptor<byte[], byte[]> {

    /** The configuration key of the Runnable that flushes what was processed. */
    static final String BEFORE_BATCH = "rebalancesim.calibration.beforeBatch";

    private WorkerEvents events;
    private Runnable beforeBatch;

    @Override
    public void configure(Map<String, ?> configs) {
        Object given = configs.get(CommitInterceptor.EVENTS);
        Object flush = configs.get(BEFORE_BATCH);
        if (!(given instanceof WorkerEvents workerEvents) || !(flush instanceof Runnable runnable)) {
            throw new IllegalStateException(CommitInterceptor.EVENTS + " and " + BEFORE_BATCH
                    + " are not set: StreamsConsumerInterceptor only runs in a StreamsWorker");
        }
        events = workerEvents;
        beforeBatch = runnable;
    }

    @Override
    public ConsumerRecords<byte[], byte[]> onConsume(ConsumerRecords<byte[], byte[]> records) {
        beforeBatch.run();
        events.polled(records.count());
        return records;
    }

    @Override
    public void onCommit(Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (!offsets.isEmpty()) {
            events.partitions("committed", offsets.keySet(), events.generation());
        }
    }

    @Override
    public void close() {
        // nothing to release
    }
}
