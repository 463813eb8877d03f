package org.rebalancesim.calibration;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * One pod of a calibration run: a real KafkaConsumer in its own JVM, so that a SIGSTOP stops its
 * heartbeat thread too and a SIGKILL is a real crash. It polls, "processes" each record by sleeping
 * the scenario's processing time ({@link RecordProcessor}), commits after each batch when auto-commit
 * is off, and writes {@link MeasuredEvent}s as JSON lines to stdout ({@link WorkerEvents}). Commands
 * come on stdin ({@link WorkerCommands}).
 *
 * <p>Usage: {@code java -cp <simulator jar> org.rebalancesim.calibration.ConsumerWorker SETTINGS}
 * where SETTINGS is a properties file written by the orchestrator ({@link WorkerSettings}). Exit codes:
 * 0 after a graceful close, 1 after a fatal error, 2 for bad arguments.
 */
public final class ConsumerWorker {

    /** poll() timeout, wall-clock: short, so that close and subscribe commands act quickly. */
    static final Duration POLL_TIMEOUT = Duration.ofMillis(100);

    private final WorkerSettings settings;
    private final WorkerEvents events;
    private final RecordProcessor processor;
    private final AtomicReference<List<String>> newSubscription = new AtomicReference<>();
    private volatile boolean closeRequested;
    private volatile boolean inPoll;
    private volatile KafkaConsumer<byte[], byte[]> consumer;
    /** At most one empty poll is logged per this interval: 1 s or a quarter of max.poll.interval.ms, scaled. */
    private final long emptyPollEveryNanos;
    /**
     * Under the consumer protocol the member epoch changes without a callback when the assignment does
     * not (docs/kafka-semantics.md §10, "What a client can see of it"): each change is logged.
     */
    private final boolean consumerProtocol;
    private long lastPolledNanos = Long.MIN_VALUE / 2;

    ConsumerWorker(WorkerSettings settings, WorkerEvents events) {
        this.settings = settings;
        this.events = events;
        this.processor = RecordProcessor.of(settings);
        this.consumerProtocol = "consumer".equalsIgnoreCase(settings.kafka().get("group.protocol"));
        this.emptyPollEveryNanos = settings.emptyPollEveryNanos();
    }

    public static void main(String[] args) {
        WorkerMain.run("ConsumerWorker", args, (file, settings, events) -> new ConsumerWorker(settings, events)::run);
    }

    int run() {
        Map<String, Object> config = new HashMap<>(settings.kafka());
        config.put("interceptor.classes", CommitInterceptor.class.getName());
        config.put(CommitInterceptor.EVENTS, events);
        WorkerListener listener = null;
        try {
            consumer = new KafkaConsumer<>(config);
            listener = new WorkerListener(events, () -> consumer.groupMetadata().generationId());
            consumer.subscribe(realTopics(settings.subscription()), listener);
            events.simple("started");
            new WorkerCommands(System.in, processor::slowNext, this::requestSubscribe, this::requestClose,
                    line -> System.err.println("ConsumerWorker " + settings.pod() + ": unknown command '" + line + "'"))
                    .start();
            pollLoop(listener);
            listener.closing();
            consumer.close();
            events.simple("closed");
            return 0;
        } catch (Throwable e) {
            e.printStackTrace();
            try {
                events.fatal(e);
            } catch (RuntimeException logGone) {
                // stdout is gone too; the stack trace went to stderr
            }
            if (consumer != null) {
                if (listener != null) {
                    listener.closing();
                }
                try {
                    consumer.close(CloseOptions.timeout(Duration.ZERO));
                } catch (RuntimeException ignored) {
                    // already failing
                }
            }
            return 1;
        }
    }

    private void pollLoop(WorkerListener listener) throws IOException, InterruptedException {
        while (true) {
            List<String> topics = newSubscription.getAndSet(null);
            if (topics != null) {
                consumer.subscribe(realTopics(topics), listener);
            }
            ConsumerRecords<byte[], byte[]> records;
            inPoll = true;
            try {
                if (closeRequested) {
                    return;
                }
                records = consumer.poll(POLL_TIMEOUT);
            } catch (WakeupException e) {
                continue;
            } finally {
                inPoll = false;
            }
            ConsumerGroupMetadata group = consumer.groupMetadata();
            events.generation(group.generationId());
            if (consumerProtocol) {
                events.epochIfChanged(group.memberId());
            }
            long now = System.nanoTime();
            if (!records.isEmpty()) {
                events.polled(records.count());
                lastPolledNanos = now;
                processBatch(records);
            } else if (now - lastPolledNanos >= emptyPollEveryNanos) {
                // Empty polls are logged sparsely: enough that a gap between two polled events means the
                // consumer was not polling, without a line per 100 ms poll of an idle consumer.
                events.polled(0);
                lastPolledNanos = now;
            }
        }
    }

    /** Every record of the batch, partition by partition, one {@code processed} range per partition. */
    private void processBatch(ConsumerRecords<byte[], byte[]> records) throws IOException, InterruptedException {
        processor.beforeBatch();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition tp : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> batch = records.records(tp);
            String name = events.name(tp);
            for (ConsumerRecord<byte[], byte[]> record : batch) {
                processor.process(name, record.offset());
            }
            processor.afterBatch();
            long to = batch.get(batch.size() - 1).offset() + 1;
            events.processed(name, batch.get(0).offset(), to);
            offsets.put(tp, new OffsetAndMetadata(to));
        }
        if (!"true".equals(settings.kafka().get("enable.auto.commit"))) {
            commit(offsets);
        }
    }

    /** commitSync of the batch; a failure is logged and the loop goes on, as an application would. */
    private void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                consumer.commitSync(offsets);
                return;
            } catch (WakeupException e) {
                // a close or subscribe command woke the consumer: the commit still has to happen
            } catch (CommitFailedException | RebalanceInProgressException | RetriableException e) {
                events.commitFailed(offsets.keySet(), e);
                return;
            } catch (KafkaException e) {
                if (e.getClass().getSimpleName().contains("Fenced")) {
                    throw e;
                }
                events.commitFailed(offsets.keySet(), e);
                return;
            }
        }
    }

    private void requestSubscribe(List<String> scenarioTopics) {
        newSubscription.set(scenarioTopics);
        wakeUpPoll();
    }

    private void requestClose() {
        closeRequested = true;
        wakeUpPoll();
    }

    private void wakeUpPoll() {
        KafkaConsumer<byte[], byte[]> current = consumer;
        if (inPoll && current != null) {
            current.wakeup();
        }
    }

    private List<String> realTopics(List<String> scenarioTopics) {
        return scenarioTopics.stream().map(topic -> settings.topics().getOrDefault(topic, topic)).toList();
    }
}
