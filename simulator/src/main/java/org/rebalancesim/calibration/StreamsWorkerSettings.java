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
import org.apache.kafka.streams.CloseOptions;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.TopologySpec;

/**
 * What a {@link StreamsWorker} needs beyond its {@link WorkerSettings} (whose {@code kafka.*} keys are,
 * for it, the KafkaStreams configuration): the topology to build, the restore rate to hold it to, and
 * how it closes. Written to the same properties file, under {@code streamsWorker.*} keys.
 *
 * @param subtopologies        the scenario's, in Kafka's numbering order (scenario topic names)
 * @param restoreRecordsPerSec the scenario's restore rate of one instance, scenario time
 * @param closeOperation       the scenario's CloseOptions groupMembershipOperation
 */
record StreamsWorkerSettings(List<TopologySpec.Subtopology> subtopologies, double restoreRecordsPerSec,
                             StreamsApp.CloseOperation closeOperation) {

    private static final String PREFIX = "streamsWorker.";

    StreamsWorkerSettings {
        subtopologies = List.copyOf(subtopologies);
    }

    static StreamsWorkerSettings of(StreamsApp app) {
        TopologySpec topology = app.topology();
        return new StreamsWorkerSettings(topology.subtopologies(), topology.restoreRecordsPerSec(),
                app.closeOperation());
    }

    /**
     * The CloseOptions to close with. On the classic protocol only LEAVE_GROUP sends a LeaveGroup, so anything
     * else closes with DEFAULT, as it always did there; under the streams protocol the three differ (DEFAULT:
     * epoch -1 when dynamic, -2 when static; REMAIN_IN_GROUP: -2 when static, nothing when dynamic;
     * docs/kafka-semantics.md §19) and the scenario's is used.
     */
    CloseOptions.GroupMembershipOperation groupMembershipOperation(boolean streamsProtocol) {
        if (streamsProtocol) {
            return CloseOptions.GroupMembershipOperation.valueOf(closeOperation.name());
        }
        return closeOperation == StreamsApp.CloseOperation.LEAVE_GROUP
                ? CloseOptions.GroupMembershipOperation.LEAVE_GROUP : CloseOptions.GroupMembershipOperation.DEFAULT;
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
        subtopologies.forEach(s -> encoded.add(encode(s)));
        properties.setProperty(PREFIX + "subtopologies", String.join(",", encoded));
        properties.setProperty(PREFIX + "restoreRecordsPerSec", Double.toString(restoreRecordsPerSec));
        properties.setProperty(PREFIX + "closeOperation", closeOperation.name());
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
        return new StreamsWorkerSettings(WorkerSettings.list(subtopologies).stream().map(StreamsWorkerSettings::decode).toList(),
                Double.parseDouble(properties.getProperty(PREFIX + "restoreRecordsPerSec", "0")),
                StreamsApp.CloseOperation.valueOf(properties.getProperty(PREFIX + "closeOperation", "DEFAULT")));
    }

    private static String encode(TopologySpec.Subtopology s) {
        return String.join("+", s.sourceTopics()) + "/" + s.stateful() + "/" + s.changelogRecords() + "/"
                + s.changelogPerRecord() + "/" + s.changelogRecordBytes();
    }

    private static TopologySpec.Subtopology decode(String text) {
        String[] parts = text.split("/");
        if (parts.length != 5) {
            throw new IllegalArgumentException("not a sub-topology: '" + text + "'");
        }
        return new TopologySpec.Subtopology(List.of(parts[0].split("\\+")), Boolean.parseBoolean(parts[1]),
                Long.parseLong(parts[2]), Double.parseDouble(parts[3]), Long.parseLong(parts[4]));
    }

    private static Properties load(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        return properties;
    }
}
