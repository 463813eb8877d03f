package org.rebalancesim.calibration;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Variant;

/**
 * The real-Kafka {@link MeasurementSource}: each call starts a fresh embedded broker with the
 * variant's settings (or uses {@code --bootstrap-server}), runs a {@link CalibrationRun} and stops the
 * broker again, so repetitions and variants do not share state. Besides {@code events.jsonl} and the
 * processes' logs, the run directory gets {@code notes.txt}: what the run could not reproduce exactly,
 * and how long the broker took to start.
 */
public final class RealKafkaSource implements MeasurementSource {

    private final List<Path> extraClasspath;

    /** Workers run on this JVM's classpath (the simulator jar, or the test classpath). */
    public RealKafkaSource() {
        this(List.of());
    }

    /** @param extraClasspath jars the workers need besides the simulator's (users' assignors, {@code --classpath}) */
    public RealKafkaSource(List<Path> extraClasspath) {
        this.extraClasspath = List.copyOf(extraClasspath);
    }

    @Override
    public List<MeasuredEvent> measure(Variant variant, CalibrationOptions options) throws IOException,
            InterruptedException {
        CalibrationRun.checkSupported(variant);
        Path runDir = Files.createDirectories(options.runDir());
        TimeScale scale = options.timeScale();
        List<String> notes = new ArrayList<>();
        try (CalibrationCluster cluster = options.embeddedBroker()
                ? EmbeddedBroker.start(BrokerSettings.of(variant, scale), runDir, options.brokerRequestLog())
                : new ExternalCluster(options.bootstrapServer())) {
            if (cluster instanceof EmbeddedBroker broker) {
                notes.add("embedded Kafka " + KafkaBrokerClasspath.kafkaVersion() + " broker started in "
                        + broker.startupMs() + " ms (wall clock)");
            }
            CalibrationRun run = new CalibrationRun(variant, options.seed(), cluster, scale, runDir);
            if (!extraClasspath.isEmpty()) {
                List<String> entries = new ArrayList<>(List.of(System.getProperty("java.class.path")));
                extraClasspath.forEach(jar -> entries.add(jar.toAbsolutePath().toString()));
                run.workerClasspath(String.join(File.pathSeparator, entries));
            }
            try {
                return run.run();
            } finally {
                notes.addAll(run.notes());
                Files.write(runDir.resolve("notes.txt"), notes, StandardCharsets.UTF_8);
            }
        }
    }

    @Override
    public List<String> unsupported(Variant variant) {
        return CalibrationTimeline.unsupported(variant);
    }
}
