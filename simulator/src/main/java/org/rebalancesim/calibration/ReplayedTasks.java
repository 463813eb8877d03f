package org.rebalancesim.calibration;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.workload.StreamsTaskTable;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.PodEvents.TaskRestored;
import org.rebalancesim.events.PodEvents.TaskStateChanged;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.partition.TaskId;

/**
 * The Kafka Streams part of a replay: each worker's restorations and follow-up rebalances become the
 * events a simulated Streams instance publishes, so that the recorder computes task downtime,
 * records restored and probing rebalances from them as it does in a simulation. A stateful active task
 * counts as restoring from its partitions' {@code assigned} (Streams opens its stores and reads the
 * changelog's end before {@code restoreStart}: it processes nothing meanwhile, as a simulated task
 * restoring from its assignment) to its {@code restoreEnd}, or its first {@code processed} record if
 * the restore listener said nothing; a revocation ends it, and so does the end of the process
 * (SIGKILL: no callback). Where the workers log their tasks' starts ({@code taskRunning}: the classic
 * protocol's workers since they do), every active task, stateless too, counts as restoring from its
 * partitions' {@code assigned} to its start, as a simulated task waits for its state updater's hand-over.
 */
final class ReplayedTasks {

    private final GroupEvents events;
    private final StreamsTaskTable table;
    /** Told the pod whose restoring tasks an event changed, to show its state again. */
    private final Consumer<String> changed;
    /** Each pod's restoring tasks, with the time each began. */
    private final Map<String, Map<TaskId, Long>> restoring = new HashMap<>();
    /** Whether the workers log their tasks' starts: a task restores until it starts, not until its restoreEnd. */
    private final boolean tellsStarts;
    /** Whether the event being replayed changed a pod's restoring tasks. */
    private boolean changedNow;

    /**
     * @param table       the application's tasks, null for a group of plain consumers (nothing to replay)
     * @param tellsStarts whether the run's workers log {@code taskRunning}
     */
    ReplayedTasks(GroupEvents events, StreamsTaskTable table, boolean tellsStarts, Consumer<String> changed) {
        this.events = events;
        this.table = table;
        this.tellsStarts = tellsStarts;
        this.changed = changed;
    }

    /**
     * Replays what {@code event} means for its pod's tasks; returns whether it is a Streams worker's own
     * event, which nothing else replays (the pods' events go on to PodStates as well).
     */
    boolean apply(MeasuredEvent event, long nowMs) {
        if (table == null) {
            return false;
        }
        String pod = event.pod();
        changedNow = false;
        boolean own = true;
        switch (event.type()) {
            case "assigned" -> {
                own = false;
                for (TopicPartition tp : MeasuredLog.partitions(event.partitions())) {
                    table.tasksOf(tp).stream().filter(task -> tellsStarts || table.isStateful(task))
                            .forEach(task -> startRestoring(pod, task, nowMs));
                }
            }
            case "revoked", "lost" -> {
                own = false;
                for (TopicPartition tp : MeasuredLog.partitions(event.partitions())) {
                    table.tasksOf(tp).forEach(task -> stopRestoring(pod, task, TaskState.CLOSED));
                }
            }
            case "processed" -> {
                own = false;
                if (event.partition() != null) {
                    table.tasksOf(MeasuredLog.partition(event.partition()))
                            .forEach(task -> stopRestoring(pod, task, TaskState.RUNNING));
                }
            }
            case "killed", "closed", "fatal", "exited" -> {
                own = false;
                for (TaskId task : List.copyOf(restoring.getOrDefault(pod, Map.of()).keySet())) {
                    stopRestoring(pod, task, TaskState.CLOSED);
                }
            }
            case "restoreStart" -> startRestoring(pod, TaskId.parse(event.partition()), nowMs);
            case "restoreEnd" -> {
                TaskId task = TaskId.parse(event.partition());
                Long since = tellsStarts ? restoring.getOrDefault(pod, Map.of()).get(task)
                        : stopRestoring(pod, task, TaskState.RUNNING);
                events.publish(new TaskRestored(pod, task, Math.max(0, event.records()),
                        since == null ? 0 : nowMs - since));
            }
            case StreamsTaskEvents.TASK_RUNNING -> stopRestoring(pod, TaskId.parse(event.partition()), TaskState.RUNNING);
            case "restoreSuspended" -> stopRestoring(pod, TaskId.parse(event.partition()), TaskState.CLOSED);
            case "probingRebalance" -> events.publish(new Story(pod, StoryKind.PROBING_REBALANCE, -1,
                    "probing rebalance: asks the group to rebalance, to move tasks whose warm-ups caught up"));
            case "followupRebalance" -> events.publish(new Story(pod, StoryKind.FOLLOWUP_REBALANCE, -1,
                    "follow-up rebalance: asks for the tasks withheld until their partitions were revoked"));
            default -> own = false;
        }
        if (changedNow) {
            changed.accept(pod);
        }
        return own;
    }

    /**
     * Whether every task of the partitions a pod owns restores on it: the instance processes nothing yet,
     * shown as a Streams instance restoring (as a simulated one is).
     */
    boolean restoringOnly(String pod, Set<TopicPartition> owned) {
        Map<TaskId, Long> tasks = restoring.get(pod);
        if (table == null || tasks == null || tasks.isEmpty() || owned.isEmpty()) {
            return false;
        }
        for (TopicPartition tp : owned) {
            if (!tasks.keySet().containsAll(table.tasksOf(tp))) {
                return false;
            }
        }
        return true;
    }

    private void startRestoring(String pod, TaskId task, long nowMs) {
        if (restoring.computeIfAbsent(pod, any -> new LinkedHashMap<>()).putIfAbsent(task, nowMs) == null) {
            events.publish(new TaskStateChanged(pod, task, TaskState.RESTORING));
            changedNow = true;
        }
    }

    /** Ends a restoring task's restoration in state {@code to}; returns when it began, or null if it was not. */
    private Long stopRestoring(String pod, TaskId task, TaskState to) {
        Map<TaskId, Long> tasks = restoring.get(pod);
        Long since = tasks == null ? null : tasks.remove(task);
        if (since != null) {
            events.publish(new TaskStateChanged(pod, task, to));
            changedNow = true;
        }
        return since;
    }
}
