package org.rebalancesim.calibration;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Logs {@code committed} for every successful commit, automatic ones included: Kafka calls
 * interceptors' onCommit for auto-commits, commitSync and commitAsync alike, and no other public hook
 * sees auto-commits. The worker hands its {@link WorkerEvents} over through the consumer's
 * configuration map (Kafka passes the original objects to configure()).
 */
public final class CommitInterceptor implements ConsumerInterceptor<byte[], byte[]> {

    /** The configuration key under which the worker passes its WorkerEvents. */
    static final String EVENTS = "rebalancesim.calibration.events";

    private WorkerEvents events;

    @Override
    public void configure(Map<String, ?> configs) {
        Object value = configs.get(EVENTS);
        if (!(value instanceof WorkerEvents given)) {
            throw new IllegalStateException(EVENTS + " is not set: CommitInterceptor only runs in a ConsumerWorker");
        }
        events = given;
    }

    @Override
    public ConsumerRecords<byte[], byte[]> onConsume(ConsumerRecords<byte[], byte[]> records) {
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
