package org.rebalancesim.calibration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer worker's side of the event log: one {@link MeasuredEvent} per line of JSON, flushed per
 * line so that a SIGKILL loses nothing already written. Partitions are named with the scenario's
 * topic names ("input-topic-3"), whatever the topics are called on the cluster. Thread-safe: the
 * poll loop, the rebalance listener and the commit interceptor all write here.
 */
final class WorkerEvents {

    private static final Comparator<TopicPartition> ORDER =
            Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

    private final String pod;
    private final RunClock clock;
    private final Writer out;
    private final Map<String, String> scenarioTopicOf = new HashMap<>();
    private final ObjectMapper json = new ObjectMapper();
    /** The last generation (or member epoch) the consumer reported; events without their own use it. */
    private volatile int generation = -1;
    /** The member epoch of the last {@code epoch} event (only the poll loop's thread logs them). */
    private int loggedEpoch = -1;

    WorkerEvents(String pod, RunClock clock, Map<String, String> realTopicOf, Writer out) {
        this.pod = pod;
        this.clock = clock;
        this.out = out;
        realTopicOf.forEach((scenario, real) -> scenarioTopicOf.put(real, scenario));
    }

    /** A worker process's log: its stdout, which the orchestrator reads. */
    static WorkerEvents toStdout(WorkerSettings settings) {
        Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8));
        return new WorkerEvents(settings.pod(), new RunClock(settings.epochMs(), settings.scale()), settings.topics(),
                out);
    }

    void generation(int value) {
        generation = value;
    }

    int generation() {
        return generation;
    }

    /**
     * {@code epoch}, with the current generation and the member's id, when the generation differs from the
     * last one this logged.
     */
    void epochIfChanged(String memberId) {
        int now = generation;
        if (now != loggedEpoch) {
            loggedEpoch = now;
            emit("epoch", List.of(), now, null, -1, -1, -1, null, memberId);
        }
    }

    String name(TopicPartition tp) {
        return scenarioTopicOf.getOrDefault(tp.topic(), tp.topic()) + "-" + tp.partition();
    }

    List<String> names(Collection<TopicPartition> partitions) {
        List<TopicPartition> sorted = new ArrayList<>(partitions);
        sorted.sort(ORDER);
        return sorted.stream().map(this::name).toList();
    }

    void simple(String type) {
        emit(type, List.of(), generation, null, -1, -1, -1, null, null);
    }

    void partitions(String type, Collection<TopicPartition> partitions, int generationId) {
        emit(type, names(partitions), generationId, null, -1, -1, -1, null, null);
    }

    void polled(long records) {
        emit("polled", List.of(), generation, null, -1, -1, records, null, null);
    }

    void processed(String partition, long from, long to) {
        emit("processed", List.of(), generation, partition, from, to, -1, null, null);
    }

    /**
     * A Kafka Streams task event ({@link StreamsWorker}): {@code task} in the partition field ("0_3"),
     * changelog offsets [{@code from}, {@code to}) where known, records where known.
     */
    void task(String type, String task, long from, long to, long records) {
        emit(type, List.of(), generation, task, from, to, records, null, null);
    }

    void commitFailed(Collection<TopicPartition> partitions, Throwable error) {
        emit("commitFailed", names(partitions), generation, null, -1, -1, -1, describe(error), null);
    }

    void fatal(Throwable error) {
        emit("fatal", List.of(), generation, null, -1, -1, -1, describe(error), null);
    }

    static String describe(Throwable error) {
        return error.getClass().getName() + ": " + error.getMessage();
    }

    private synchronized void emit(String type, List<String> partitions, int generationId, String partition,
                                   long from, long to, long records, String error, String memberId) {
        MeasuredEvent event = new MeasuredEvent(clock.nowMs(), pod, type, partitions, generationId, partition,
                from, to, records, error, memberId);
        try {
            out.write(json.writeValueAsString(event));
            out.write('\n');
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + event + " as JSON", e);
        } catch (IOException e) {
            throw new UncheckedIOException("the event log is gone (the orchestrator died?)", e);
        }
    }
}
