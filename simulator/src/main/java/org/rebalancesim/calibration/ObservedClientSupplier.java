package org.rebalancesim.calibration;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.streams.KafkaClientSupplier;
import org.apache.kafka.streams.processor.internals.DefaultKafkaClientSupplier;

/**
 * Kafka Streams' clients as Kafka makes them, except the stream thread's main consumer: an
 * {@link ObservedConsumer} with the worker's {@link CommitInterceptor}, which sees the thread's commits.
 */
final class ObservedClientSupplier implements KafkaClientSupplier {

    private final KafkaClientSupplier kafka = new DefaultKafkaClientSupplier();
    private final WorkerEvents events;
    private final Function<Map<String, Object>, ObservedConsumer> mainConsumer;
    private volatile ObservedConsumer created;

    ObservedClientSupplier(WorkerEvents events, Function<Map<String, Object>, ObservedConsumer> mainConsumer) {
        this.events = events;
        this.mainConsumer = mainConsumer;
    }

    /** The main consumer made so far, or null. */
    ObservedConsumer mainConsumer() {
        return created;
    }

    @Override
    public Admin getAdmin(Map<String, Object> config) {
        return kafka.getAdmin(config);
    }

    @Override
    public Producer<byte[], byte[]> getProducer(Map<String, Object> config) {
        return kafka.getProducer(config);
    }

    @Override
    public Consumer<byte[], byte[]> getConsumer(Map<String, Object> config) {
        Map<String, Object> observed = new HashMap<>(config);
        observed.put("interceptor.classes", CommitInterceptor.class.getName());
        observed.put(CommitInterceptor.EVENTS, events);
        created = mainConsumer.apply(observed);
        return created;
    }

    @Override
    public Consumer<byte[], byte[]> getRestoreConsumer(Map<String, Object> config) {
        return kafka.getRestoreConsumer(config);
    }

    @Override
    public Consumer<byte[], byte[]> getGlobalConsumer(Map<String, Object> config) {
        return kafka.getGlobalConsumer(config);
    }
}
