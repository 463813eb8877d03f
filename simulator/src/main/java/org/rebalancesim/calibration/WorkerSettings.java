package org.rebalancesim.calibration;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.rebalancesim.scenario.Distribution;

/**
 * Everything one consumer worker process needs, written by the orchestrator to a properties file
 * whose path is the worker's only argument: {@code worker.*} keys for the worker, {@code kafka.*} keys
 * passed to the KafkaConsumer as they are.
 *
 * @param pod          the pod name ("c1")
 * @param epochMs      the run's start (System.currentTimeMillis()); event times count from it
 * @param scale        the run's time scale
 * @param seed         the scenario seed: processing times come from Rng.stream(seed, "processing:" + pod)
 * @param processing   per-record processing time, scenario ms
 * @param topics       scenario topic name to its real name on the cluster
 * @param subscription scenario topic names the consumer subscribes to at start
 * @param slowRecords  the run's shared slow-record registry file
 * @param kafka        the KafkaConsumer's configuration
 */
record WorkerSettings(String pod, long epochMs, TimeScale scale, long seed, Distribution processing,
                      Map<String, String> topics, List<String> subscription, Path slowRecords,
                      Map<String, String> kafka) {

    private static final String KAFKA = "kafka.";

    WorkerSettings {
        topics = new LinkedHashMap<>(topics);
        subscription = List.copyOf(subscription);
        kafka = new LinkedHashMap<>(kafka);
    }

    /**
     * How often a worker logs an empty poll, wall-clock: 1 s (scaled) or a quarter of max.poll.interval.ms,
     * so that a gap between two polled events means the consumer was not polling.
     */
    long emptyPollEveryNanos() {
        long maxPollWallMs = Long.parseLong(kafka.getOrDefault("max.poll.interval.ms", "300000"));
        return TimeUnit.MILLISECONDS.toNanos(Math.max(1, Math.min(scale.wallMs(1000), maxPollWallMs / 4)));
    }

    void write(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("worker.pod", pod);
        properties.setProperty("worker.epochMs", Long.toString(epochMs));
        properties.setProperty("worker.timeScale", Double.toString(scale.factor()));
        properties.setProperty("worker.seed", Long.toString(seed));
        properties.setProperty("worker.processing", ProcessingTimes.encode(processing));
        List<String> pairs = new ArrayList<>();
        topics.forEach((scenario, real) -> pairs.add(scenario + "=" + real));
        properties.setProperty("worker.topics", String.join(",", pairs));
        properties.setProperty("worker.subscription", String.join(",", subscription));
        properties.setProperty("worker.slowRecords", slowRecords.toString());
        kafka.forEach((key, value) -> properties.setProperty(KAFKA + key, value));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(out, "rebalance-sim calibration: consumer worker " + pod);
        }
    }

    static WorkerSettings read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Map<String, String> topics = new LinkedHashMap<>();
        for (String pair : list(required(properties, "worker.topics"))) {
            int eq = pair.indexOf('=');
            topics.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        Map<String, String> kafka = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(KAFKA)) {
                kafka.put(key.substring(KAFKA.length()), properties.getProperty(key));
            }
        }
        return new WorkerSettings(required(properties, "worker.pod"),
                Long.parseLong(required(properties, "worker.epochMs")),
                new TimeScale(Double.parseDouble(required(properties, "worker.timeScale"))),
                Long.parseLong(required(properties, "worker.seed")),
                ProcessingTimes.decode(required(properties, "worker.processing")), topics,
                list(properties.getProperty("worker.subscription", "")),
                Path.of(required(properties, "worker.slowRecords")), kafka);
    }

    private static String required(Properties properties, String key) {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException("worker settings lack " + key);
        }
        return value;
    }

    static List<String> list(String text) {
        List<String> items = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }
}
