package org.rebalancesim.calibration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;

/**
 * One pod of a Kafka Streams calibration run: a real Kafka Streams 4.4.0 instance (one stream thread)
 * in its own JVM, running the scenario's topology ({@link StreamsWorkerTopology}) with the scenario's
 * StreamsConfig, writing the events a {@link ConsumerWorker} writes (its main consumer is observed:
 * {@link ObservedConsumer}) plus its active tasks' restorations ({@link RestoreThrottle}) and its
 * follow-up rebalances. Under the streams protocol (KIP-1071) Streams builds its main consumer itself, so
 * the worker logs what it sees of its tasks instead ({@link StreamsTaskEvents}, {@link StreamsConsumerInterceptor});
 * on the classic protocol it logs each task's start as well.
 * {@code close} on stdin closes it with the scenario's CloseOptions (Streams' DEFAULT sends no LeaveGroup
 * on the classic protocol); SIGKILL and SIGSTOP come from the orchestrator.
 *
 * <p>Usage: {@code java -cp <simulator jar>:<rocksdbjni> org.rebalancesim.calibration.StreamsWorker
 * SETTINGS}. Exit codes: 0 after a close, 1 after a fatal error, 2 for bad arguments.
 */
public final class StreamsWorker {

    /** How long close() may take, wall-clock; the orchestrator kills what outlives its own close timeout. */
    static final Duration CLOSE_TIMEOUT = Duration.ofMillis(CalibrationRun.CLOSE_TIMEOUT_MS - 2_000);

    private final WorkerSettings settings;
    private final StreamsWorkerSettings streamsSettings;
    private final WorkerEvents events;
    private final CountDownLatch closeRequested = new CountDownLatch(1);
    private final AtomicReference<Throwable> fatal = new AtomicReference<>();

    StreamsWorker(WorkerSettings settings, StreamsWorkerSettings streamsSettings, WorkerEvents events) {
        this.settings = settings;
        this.streamsSettings = streamsSettings;
        this.events = events;
    }

    public static void main(String[] args) {
        WorkerMain.run("StreamsWorker", args, (file, settings, events) ->
                new StreamsWorker(settings, StreamsWorkerSettings.read(file), events)::run);
    }

    int run() throws InterruptedException {
        RecordProcessor processor = RecordProcessor.of(settings);
        ProcessedRanges processed = new ProcessedRanges(events);
        long emptyPollEveryNanos = settings.emptyPollEveryNanos();
        Runnable beforePoll = () -> {
            try {
                // What the thread processed since its last poll: the sleep still owed, then the ranges.
                processor.afterBatch();
                processed.flush();
                processor.beforeBatch();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ObservedClientSupplier clients = new ObservedClientSupplier(events,
                config -> new ObservedConsumer(config, events, beforePoll, emptyPollEveryNanos));
        Properties config = new Properties();
        config.putAll(settings.kafka());
        // StreamsConfig reads its clients' prefixed telemetry switches as Booleans, not as the strings of a file.
        settings.kafka().forEach((key, value) -> {
            if (key.endsWith("enable.metrics.push")) {
                config.put(key, Boolean.valueOf(value));
            }
        });
        boolean streamsProtocol = isStreamsProtocol(settings);
        StreamsTaskEvents.Lifecycle tasks = StreamsTaskEvents.starts(events);
        if (streamsProtocol) {
            // Streams builds this main consumer itself (docs/kafka-semantics.md §27): observed by an interceptor.
            config.put(StreamsConfig.MAIN_CONSUMER_PREFIX + "interceptor.classes",
                    StreamsConsumerInterceptor.class.getName());
            config.put(StreamsConfig.MAIN_CONSUMER_PREFIX + CommitInterceptor.EVENTS, events);
            config.put(StreamsConfig.MAIN_CONSUMER_PREFIX + StreamsConsumerInterceptor.BEFORE_BATCH, beforePoll);
            tasks = StreamsTaskEvents.logging(events, processed, streamsSettings.subtopologies(), settings.topics());
        }
        KafkaStreams streams = new KafkaStreams(
                StreamsWorkerTopology.build(streamsSettings, settings.topics(), processor, processed, events, tasks),
                config, clients);
        RestoreThrottle throttle = new RestoreThrottle(events, streamsSettings.restoreRecordsPerSec(),
                settings.scale());
        streams.setGlobalStateRestoreListener(throttle);
        streams.setStandbyUpdateListener(throttle);
        streams.setUncaughtExceptionHandler(error -> {
            fatal.compareAndSet(null, error);
            closeRequested.countDown();
            return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        streams.start();
        if (streamsProtocol) {
            // The stream thread subscribes as it starts; no consumer of ours sees it under this protocol.
            events.simple("started");
        }
        new WorkerCommands(System.in, processor::slowNext,
                topics -> System.err.println("StreamsWorker " + settings.pod() + ": a Streams instance's"
                        + " subscription is its topology; 'subscribe' ignored"),
                closeRequested::countDown,
                line -> System.err.println("StreamsWorker " + settings.pod() + ": unknown command '" + line + "'"))
                .start();
        closeRequested.await();
        ObservedConsumer consumer = clients.mainConsumer();
        if (consumer != null) {
            consumer.closing();
        }
        CloseOptions close = CloseOptions.groupMembershipOperation(
                streamsSettings.groupMembershipOperation(streamsProtocol)).withTimeout(CLOSE_TIMEOUT);
        streams.close(close);
        processed.flush();
        Throwable error = fatal.get();
        if (error != null) {
            error.printStackTrace();
            events.fatal(error);
            return 1;
        }
        events.simple("closed");
        return 0;
    }

    /** Whether the pod runs KIP-1071's streams protocol (group.protocol=streams) rather than the classic one. */
    static boolean isStreamsProtocol(WorkerSettings settings) {
        return "streams".equalsIgnoreCase(settings.kafka().getOrDefault(StreamsConfig.GROUP_PROTOCOL_CONFIG, ""));
    }
}
