package org.rebalancesim.metrics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.events.PodEvents.StandbyCatchUp;
import org.rebalancesim.events.PodEvents.TaskRestored;
import org.rebalancesim.events.PodEvents.TaskStateChanged;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.MetricValues;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.MeasureWindow;

/** The Kafka Streams part of a run's record: task downtime, restoration, standby lag, probing rebalances. */
final class StreamsTaskRecorder {

    private final MeasureWindow window;
    private final TaskAvailability availability;
    /** Each pod's state of each task it has had. */
    private final Map<String, Map<TaskId, TaskState>> states = new HashMap<>();
    private boolean streamsApplication;
    private long recordsRestored;
    private long probingRebalances;
    private long maxStandbyLag;

    StreamsTaskRecorder(MeasureWindow window, PartitionAvailability partitions) {
        this.window = window;
        this.availability = new TaskAvailability(window);
        partitions.listen(availability);
    }

    void track(Map<TaskId, List<TopicPartition>> sourcePartitions, long nowMs) {
        streamsApplication = true;
        availability.track(sourcePartitions, nowMs);
    }

    boolean isStreamsApplication() {
        return streamsApplication;
    }

    void taskStateChanged(TaskStateChanged event, long nowMs) {
        TaskState before = states.computeIfAbsent(event.pod(), pod -> new HashMap<>()).put(event.task(), event.state());
        boolean wasRestoring = before == TaskState.RESTORING;
        boolean restoring = event.state() == TaskState.RESTORING;
        if (wasRestoring != restoring) {
            availability.restoring(event.task(), restoring, nowMs);
        }
    }

    void taskRestored(TaskRestored event, long nowMs) {
        if (window.contains(nowMs)) {
            recordsRestored += event.records();
        }
    }

    void standbyCatchUp(StandbyCatchUp event, long nowMs) {
        if (window.contains(nowMs)) {
            maxStandbyLag = Math.max(maxStandbyLag, event.lagRecords());
        }
    }

    void probingRebalance(long nowMs) {
        if (window.contains(nowMs)) {
            probingRebalances++;
        }
    }

    void finish(long endMs) {
        availability.finish(endMs);
    }

    /** Each task's phases over the whole run (none for a plain consumer group). */
    List<Series.TaskInterval> taskPhases() {
        return availability.phases();
    }

    void supplyTo(MetricValues values) {
        values.put(Metric.TASK_DOWNTIME_MS, availability.downtimeMs())
                .put(Metric.MAX_TASK_DOWNTIME_MS, availability.maxDowntimeMs())
                .put(Metric.MAX_TASK_RECOVERY_MS, availability.maxRecoveryMs())
                .put(Metric.RECORDS_RESTORED, recordsRestored)
                .put(Metric.PROBING_REBALANCES, probingRebalances)
                .put(Metric.MAX_STANDBY_LAG_RECORDS, maxStandbyLag)
                .putFamily(Metric.TASK_DOWNTIME_BY_CAUSE, availability.downtimeByCauseMs());
    }
}
