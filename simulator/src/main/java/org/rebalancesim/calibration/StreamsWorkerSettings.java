package org.rebalancesim.calibration;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.TopologySpec;

/**
 * What a {@link StreamsWorker} needs beyond its {@link WorkerSettings} (whose {@code kafka.*} keys are,
 * for it, the KafkaStreams configuration): the topology to build, the restore rate to hold it to, and
 * how it closes. Written to the same properties file, under {@code streamsWorker.*} keys.
 *
 * @param subtopologies        in Kafka's numbering order (scenario topic names)
 * @param restoreRecordsPerSec the scenario's restore rate of one instance, scenario time
 * @param leaveGroupOnClose    close with CloseOptions LEAVE_GROUP rather than DEFAULT
 */
record StreamsWorkerSettings(List<Subtopology> subtopologies, double restoreRecordsPerSec, boolean leaveGroupOnClose) {

    private static final String PREFIX = "streamsWorker.";

    /** One sub-topology: the topics it reads, whether it keeps a store, changelog records per input record. */
    record Subtopology(List<String> sourceTopics, boolean stateful, double changelogPerRecord) {
        Subtopology {
            sourceTopics = List.copyOf(sourceTopics);
        }

        private String encode() {
            return String.join("+", sourceTopics) + "/" + stateful + "/" + changelogPerRecord;
        }

        private static Subtopology decode(String text) {
            String[] parts = text.split("/");
            if (parts.length != 3) {
                throw new IllegalArgumentException("not a sub-topology: '" + text + "'");
            }
            return new Subtopology(List.of(parts[0].split("\\+")), Boolean.parseBoolean(parts[1]),
                    Double.parseDouble(parts[2]));
        }
    }

    StreamsWorkerSettings {
        subtopologies = List.copyOf(subtopologies);
    }

    static StreamsWorkerSettings of(StreamsApp app) {
        TopologySpec topology = app.topology();
        List<Subtopology> subtopologies = topology.subtopologies().stream()
                .map(s -> new Subtopology(s.sourceTopics(), s.stateful(), s.changelogPerRecord())).toList();
        return new StreamsWorkerSettings(subtopologies, topology.restoreRecordsPerSec(), app.leaveGroupOnClose());
    }

    /** The name of sub-topology {@code index}'s store; its changelog is {@code <application.id>-<name>-changelog}. */
    static String storeName(int index) {
        return "store-" + index;
    }

    /** The sub-topology whose store this is (see {@link #storeName}). */
    static int subtopologyOfStore(String storeName) {
        return Integer.parseInt(storeName.substring(storeName.lastIndexOf('-') + 1));
    }

    /** Adds these settings to a worker settings file. */
    void appendTo(Path file) throws IOException {
        Properties properties = load(file);
        List<String> encoded = new ArrayList<>();
        subtopologies.forEach(s -> encoded.add(s.encode()));
        properties.setProperty(PREFIX + "subtopologies", String.join(",", encoded));
        properties.setProperty(PREFIX + "restoreRecordsPerSec", Double.toString(restoreRecordsPerSec));
        properties.setProperty(PREFIX + "leaveGroupOnClose", Boolean.toString(leaveGroupOnClose));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(out, "rebalance-sim calibration: Kafka Streams worker");
        }
    }

    static StreamsWorkerSettings read(Path file) throws IOException {
        Properties properties = load(file);
        String subtopologies = properties.getProperty(PREFIX + "subtopologies");
        if (subtopologies == null) {
            throw new IllegalArgumentException("worker settings lack " + PREFIX + "subtopologies");
        }
        return new StreamsWorkerSettings(WorkerSettings.list(subtopologies).stream().map(Subtopology::decode).toList(),
                Double.parseDouble(properties.getProperty(PREFIX + "restoreRecordsPerSec", "0")),
                Boolean.parseBoolean(properties.getProperty(PREFIX + "leaveGroupOnClose", "false")));
    }

    private static Properties load(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        return properties;
    }
}
