package org.rebalancesim.calibration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.rebalancesim.scenario.TopicSpec;

/**
 * Produces each topic's rate (records per scenario second), spread evenly over its partitions
 * (round robin), on its own thread, and logs {@code produced} per partition every
 * {@link #REPORT_EVERY_MS} scenario ms with the log end offset the broker acknowledged.
 */
final class LoadProducer implements AutoCloseable {

    static final long REPORT_EVERY_MS = 100;
    private static final long TICK_WALL_MS = 5;
    private static final byte[] VALUE = new byte[16];

    private final class TopicLoad {
        final TopicSpec spec;
        final String realName;
        volatile int partitions;
        long sent;
        int next;

        TopicLoad(TopicSpec spec, String realName) {
            this.spec = spec;
            this.realName = realName;
            this.partitions = spec.partitions();
        }
    }

    private final Map<String, TopicLoad> topics = new LinkedHashMap<>();
    private final Map<String, AtomicLong> logEndOffsets = new ConcurrentHashMap<>();
    private final Map<String, Long> reported = new LinkedHashMap<>();
    private final KafkaProducer<byte[], byte[]> producer;
    private final EventLog log;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;

    LoadProducer(List<TopicSpec> specs, CalibrationCluster cluster, EventLog log) {
        for (TopicSpec spec : specs) {
            topics.put(spec.name(), new TopicLoad(spec, cluster.topicName(spec.name())));
        }
        this.log = log;
        // Not idempotent: the load needs no exactly-once, and an idempotent producer that loses track
        // of a sequence number retries one batch until delivery.timeout.ms, which then stalls close().
        Map<String, Object> config = Map.ofEntries(Map.entry("bootstrap.servers", cluster.bootstrapServers()),
                Map.entry("client.id", "rebalance-sim-calibration-producer"), Map.entry("acks", "1"),
                Map.entry("enable.idempotence", false), Map.entry("max.in.flight.requests.per.connection", 1),
                Map.entry("linger.ms", 0), Map.entry("request.timeout.ms", 10_000),
                Map.entry("delivery.timeout.ms", 30_000), Map.entry("enable.metrics.push", false),
                Map.entry("key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer"),
                Map.entry("value.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer"));
        this.producer = new KafkaProducer<>(config);
        // The topics' metadata now, before the run starts, not in its first send at time 0.
        topics.values().forEach(topic -> producer.partitionsFor(topic.realName));
        this.thread = new Thread(this::loop, "calibration-producer");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** The topic grew: the rate spreads over {@code count} partitions from now on. */
    void partitionsAdded(String scenarioTopic, int count) {
        topics.get(scenarioTopic).partitions = count;
    }

    Throwable failure() {
        return failure.get();
    }

    private void loop() {
        RunClock clock = log.clock();
        long nextReportMs = 0;
        try {
            while (running) {
                long nowMs = clock.nowMs();
                for (TopicLoad topic : topics.values()) {
                    long due = (long) Math.floor(topic.spec.schedule() != null ? topic.spec.schedule().recordsBy(nowMs)
                            : topic.spec.recordsPerSecond() * nowMs / 1000.0);
                    while (topic.sent < due && running) {
                        send(topic);
                    }
                }
                if (nowMs >= nextReportMs) {
                    report(nowMs);
                    nextReportMs = nowMs + REPORT_EVERY_MS;
                }
                Thread.sleep(TICK_WALL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
    }

    private void send(TopicLoad topic) {
        int partition = topic.next % topic.partitions;
        topic.next = (partition + 1) % topic.partitions;
        topic.sent++;
        String name = topic.spec.name() + "-" + partition;
        AtomicLong logEnd = logEndOffsets.computeIfAbsent(name, n -> new AtomicLong());
        producer.send(new ProducerRecord<>(topic.realName, partition, null, VALUE), (metadata, error) -> {
            if (error != null) {
                failure.compareAndSet(null, error);
            } else {
                logEnd.accumulateAndGet(metadata.offset() + 1, Math::max);
            }
        });
    }

    /** {@code produced} for every partition whose log end offset moved since the last report. */
    private void report(long atMs) {
        List<String> names = new ArrayList<>(logEndOffsets.keySet());
        names.sort(null);
        for (String name : names) {
            long logEnd = logEndOffsets.get(name).get();
            Long last = reported.put(name, logEnd);
            if (last == null || last != logEnd) {
                log.produced(atMs, name, logEnd);
            }
        }
    }

    /** Stops producing, waits for the acknowledgements and writes a last report. */
    @Override
    public void close() {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(10));
        report(log.clock().nowMs());
    }
}
