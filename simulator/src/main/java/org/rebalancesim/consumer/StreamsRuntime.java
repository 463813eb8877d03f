package org.rebalancesim.consumer;

import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.assignor.StreamsAssignmentBoard;
import org.rebalancesim.assignor.StreamsTopology;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.workload.Changelogs;
import org.rebalancesim.workload.StreamsTaskTable;

/**
 * What the pods of a Kafka Streams application share in a run: the application's settings, its tasks,
 * their changelogs, the assignments' Streams part, and each pod's state directory (which outlives the
 * pod's processes).
 */
public final class StreamsRuntime {

    private final StreamsApp app;
    private final StreamsTaskTable tasks;
    private final Changelogs changelogs;
    private final StreamsAssignmentBoard board = new StreamsAssignmentBoard();
    private final Map<String, StateDirectory> directories = new TreeMap<>();

    public StreamsRuntime(StreamsApp app, Map<String, Integer> partitionsPerTopic) {
        this.app = app;
        this.tasks = new StreamsTaskTable(app.topology(), partitionsPerTopic);
        this.changelogs = new Changelogs(tasks);
    }

    public StreamsApp app() {
        return app;
    }

    public StreamsTaskTable tasks() {
        return tasks;
    }

    public Changelogs changelogs() {
        return changelogs;
    }

    public StreamsAssignmentBoard board() {
        return board;
    }

    /** What a leader's assignor knows of the application now: its tasks and their changelogs' ends. */
    StreamsTopology leaderView() {
        return new StreamsTopology(tasks.sourcePartitions(), tasks.statefulTasks(), changelogs.endOffsets());
    }

    StateDirectory directoryOf(String pod) {
        return directories.computeIfAbsent(pod, any -> new StateDirectory());
    }
}
