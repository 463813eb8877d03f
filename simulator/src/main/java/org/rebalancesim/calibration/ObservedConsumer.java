package org.rebalancesim.calibration;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A Kafka Streams stream thread's main consumer, observed: Kafka Streams keeps its rebalance listener
 * to itself, so this consumer (handed to it by {@link ObservedClientSupplier}) logs what a
 * {@link ConsumerWorker} logs of its own consumer: {@code started} at the thread's first subscribe, the
 * rebalance callbacks ({@link WorkerListener}) before Streams handles them, sparse {@code polled}
 * events, and the follow-up rebalances the thread asks for. Before each poll it lets the worker flush
 * what the thread processed since the last one. Only the stream thread calls it.
 */
final class ObservedConsumer extends KafkaConsumer<byte[], byte[]> {

    /**
     * The reason StreamThread#runOnce gives enforceRebalance when the follow-up rebalance the last
     * assignment scheduled is due, followed by the time it was scheduled for: 0 for one asked for at once
     * (tasks withheld until revoked), the leader's time plus probing.rebalance.interval.ms for a probing
     * rebalance (Kafka Streams 4.4.0).
     */
    static final String FOLLOWUP_REASON = "triggered followup rebalance scheduled for ";

    private final WorkerEvents events;
    private final Runnable beforePoll;
    private final long emptyPollEveryNanos;
    private WorkerListener listener;
    private long lastPolledNanos = Long.MIN_VALUE / 2;

    ObservedConsumer(Map<String, Object> config, WorkerEvents events, Runnable beforePoll, long emptyPollEveryNanos) {
        super(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.events = events;
        this.beforePoll = beforePoll;
        this.emptyPollEveryNanos = emptyPollEveryNanos;
    }

    @Override
    public void subscribe(Collection<String> topics, ConsumerRebalanceListener streams) {
        super.subscribe(topics, observed(streams));
    }

    @Override
    public void subscribe(Pattern pattern, ConsumerRebalanceListener streams) {
        super.subscribe(pattern, observed(streams));
    }

    private ConsumerRebalanceListener observed(ConsumerRebalanceListener streams) {
        boolean first = listener == null;
        listener = new WorkerListener(events, () -> groupMetadata().generationId());
        if (first) {
            events.simple("started");
        }
        WorkerListener logger = listener;
        return new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                logger.onPartitionsRevoked(partitions);
                streams.onPartitionsRevoked(partitions);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                logger.onPartitionsAssigned(partitions);
                streams.onPartitionsAssigned(partitions);
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                logger.onPartitionsLost(partitions);
                streams.onPartitionsLost(partitions);
            }
        };
    }

    /** From now on callbacks come from close(): they open no rebalance round. */
    void closing() {
        if (listener != null) {
            listener.closing();
        }
    }

    @Override
    public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
        beforePoll.run();
        ConsumerRecords<byte[], byte[]> records = super.poll(timeout);
        events.generation(groupMetadata().generationId());
        long now = System.nanoTime();
        // As ConsumerWorker: a polled event per non-empty poll, sparse ones while idle.
        if (!records.isEmpty() || now - lastPolledNanos >= emptyPollEveryNanos) {
            events.polled(records.count());
            lastPolledNanos = now;
        }
        return records;
    }

    @Override
    public void enforceRebalance(String reason) {
        if (reason != null && reason.startsWith(FOLLOWUP_REASON)) {
            events.simple(isProbing(reason) ? "probingRebalance" : "followupRebalance");
        }
        super.enforceRebalance(reason);
    }

    /** Whether a follow-up's reason names a time (a probing rebalance) rather than 0 (at once). */
    static boolean isProbing(String reason) {
        try {
            return Long.parseLong(reason.substring(FOLLOWUP_REASON.length()).trim()) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
