package org.rebalancesim.calibration;

import java.util.Collection;
import java.util.List;
import java.util.function.IntSupplier;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.common.TopicPartition;

/**
 * Logs the rebalance callbacks with the generation the consumer reports in them. A "round" opens with
 * the first callback after an {@code assigned} (logged as {@code joining}: eager revokes everything
 * first, cooperative and the consumer protocol call back only for what changes) and closes with the
 * next {@code assigned}. The revocation close() performs is not a rebalance, so it opens no round.
 */
final class WorkerListener implements ConsumerRebalanceListener {

    private final WorkerEvents events;
    private final IntSupplier generationId;
    private boolean inRound;
    private volatile boolean closing;

    WorkerListener(WorkerEvents events, IntSupplier generationId) {
        this.events = events;
        this.generationId = generationId;
    }

    /** From now on callbacks come from close(). */
    void closing() {
        closing = true;
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        callback("revoked", partitions);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        callback("assigned", partitions);
        inRound = false;
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        callback("lost", partitions);
    }

    private void callback(String type, Collection<TopicPartition> partitions) {
        int generation = currentGeneration();
        events.generation(generation);
        if (!inRound && !closing) {
            inRound = true;
            events.partitions("joining", List.of(), generation);
        }
        events.partitions(type, partitions, generation);
    }

    private int currentGeneration() {
        try {
            return generationId.getAsInt();
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
