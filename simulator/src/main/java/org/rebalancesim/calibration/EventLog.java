package org.rebalancesim.calibration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's event log as the orchestrator collects it: its own events (podStart, paused, killed, ...)
 * and the lines its consumer workers print. Thread-safe. At the end the events are merged in time
 * order (stable: events of one source keep their order) into {@code events.jsonl}.
 */
public final class EventLog {

    static final String CLUSTER = "cluster";
    /** The merged event log's name in a run's directory. */
    static final String FILE_NAME = "events.jsonl";

    private final RunClock clock;
    private final ObjectMapper json = new ObjectMapper();
    private final List<MeasuredEvent> events = new ArrayList<>();

    EventLog(RunClock clock) {
        this.clock = clock;
    }

    RunClock clock() {
        return clock;
    }

    synchronized void add(MeasuredEvent event) {
        events.add(event);
    }

    /** An orchestrator event about one pod ({@code podStart}, {@code paused}, ...), now. */
    void pod(String type, String pod) {
        pod(type, pod, clock.nowMs());
    }

    void pod(String type, String pod, long atMs) {
        add(new MeasuredEvent(atMs, pod, type, List.of(), -1, null, -1, -1, -1, null, null));
    }

    /** {@code slowRecord} for a pod, or with {@code pod} "cluster" and a partition for the partition form. */
    void slowRecord(String pod, String partition) {
        add(new MeasuredEvent(clock.nowMs(), pod, "slowRecord", List.of(), -1, partition, -1, -1, -1, null, null));
    }

    void produced(long atMs, String partition, long logEndOffset) {
        add(new MeasuredEvent(atMs, CLUSTER, "produced", List.of(), -1, partition, -1, logEndOffset, -1, null, null));
    }

    void partitionsAdded(List<String> partitions) {
        add(new MeasuredEvent(clock.nowMs(), CLUSTER, "partitionsAdded", partitions, -1, null, -1, -1, -1, null, null));
    }

    /** The pod of each member id a worker reported (a consumer-protocol member's, a new one at every start). */
    synchronized Map<String, String> podsByMemberId() {
        return podsByMemberId(events);
    }

    /**
     * The pod of each member id the workers reported in {@code events}. A group event of the coordinator's (the
     * leader's "Assignment received") names a member too, but it is the group's, not that member's pod: a recorded
     * run holds those, and reading them here would give the leader's member id to the group.
     */
    static Map<String, String> podsByMemberId(List<MeasuredEvent> events) {
        Map<String, String> pods = new HashMap<>();
        for (MeasuredEvent event : events) {
            if (event.memberId() != null && !event.memberId().isEmpty() && !event.pod().equals(CLUSTER)) {
                pods.put(event.memberId(), event.pod());
            }
        }
        return pods;
    }

    /** Parses one line a worker printed; null if it is not an event (a stray line of output). */
    MeasuredEvent parse(String line) {
        if (!line.startsWith("{")) {
            return null;
        }
        try {
            return json.readValue(line, MeasuredEvent.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Every event up to {@code untilMs}, in time order. */
    synchronized List<MeasuredEvent> sorted(long untilMs) {
        return inTimeOrder(events, untilMs);
    }

    /** {@code events} up to {@code untilMs}, in time order (stable: events of one time keep their order). */
    static List<MeasuredEvent> inTimeOrder(List<MeasuredEvent> events, long untilMs) {
        List<MeasuredEvent> copy = new ArrayList<>(events);
        copy.sort(Comparator.comparingLong(MeasuredEvent::atMs));
        return copy.stream().filter(event -> event.atMs() <= untilMs).toList();
    }

    /** Writes {@code events} as JSON lines to {@code file} (atomically: a temporary file, then a move). */
    void write(List<MeasuredEvent> sorted, Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (MeasuredEvent event : sorted) {
                out.write(json.writeValueAsString(event));
                out.write('\n');
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads an events.jsonl file back (for tests and the metrics side). */
    public static List<MeasuredEvent> read(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<MeasuredEvent> read = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                read.add(mapper.readValue(line, MeasuredEvent.class));
            }
        }
        return read;
    }
}
