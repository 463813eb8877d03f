package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/** Builds synthetic measured event logs for tests, in the order written (the log sorts them by time). */
final class SyntheticEvents {

    private final List<MeasuredEvent> events = new ArrayList<>();

    static Variant variant(String yaml) {
        try {
            Scenario scenario = ScenarioLoader.fromText(yaml, "test.yaml");
            return scenario.variants().get(0);
        } catch (ScenarioException e) {
            throw new AssertionError(e.problems().toString(), e);
        }
    }

    List<MeasuredEvent> list() {
        return List.copyOf(events);
    }

    SyntheticEvents add(long atMs, String pod, String type, int generation, String... partitions) {
        events.add(new MeasuredEvent(atMs, pod, type, List.of(partitions), generation, null, -1, -1, -1, null, null));
        return this;
    }

    SyntheticEvents at(long atMs, String pod, String type) {
        return add(atMs, pod, type, -1);
    }

    SyntheticEvents started(long atMs, String pod) {
        return at(atMs, pod, "started");
    }

    SyntheticEvents assigned(long atMs, String pod, int generation, String... partitions) {
        return add(atMs, pod, "assigned", generation, partitions);
    }

    SyntheticEvents revoked(long atMs, String pod, int generation, String... partitions) {
        return add(atMs, pod, "revoked", generation, partitions);
    }

    SyntheticEvents lost(long atMs, String pod, int generation, String... partitions) {
        return add(atMs, pod, "lost", generation, partitions);
    }

    SyntheticEvents joining(long atMs, String pod, int generation) {
        return add(atMs, pod, "joining", generation);
    }

    /** The coordinator's "Stabilized group" line: the JoinGroup answers of {@code generation} go out. */
    SyntheticEvents joinCompleted(long atMs, int generation) {
        return add(atMs, EventLog.CLUSTER, CoordinatorLog.JOIN_COMPLETE, generation);
    }

    /** The coordinator's "Assignment received from leader" line, the leader {@code pod}'s member id in it. */
    SyntheticEvents leaderSynced(long atMs, int generation, String pod) {
        events.add(new MeasuredEvent(atMs, EventLog.CLUSTER, CoordinatorLog.STABLE, List.of(), generation, null, -1, -1,
                -1, null, pod + "-d07b5c1e-8f0a-4d3b-9c2e-5a6b7c8d9e0f"));
        return this;
    }

    SyntheticEvents polled(long atMs, String pod, int generation, long records) {
        events.add(new MeasuredEvent(atMs, pod, "polled", List.of(), generation, null, -1, -1, records, null, null));
        return this;
    }

    SyntheticEvents processed(long atMs, String pod, String partition, long from, long to) {
        events.add(new MeasuredEvent(atMs, pod, "processed", List.of(), -1, partition, from, to, -1, null, null));
        return this;
    }

    SyntheticEvents produced(long atMs, String partition, long to) {
        events.add(new MeasuredEvent(atMs, "cluster", "produced", List.of(), -1, partition, -1, to, -1, null, null));
        return this;
    }

    /** A Kafka Streams worker's task event ({@link RestoreThrottle}): the task in the partition field. */
    SyntheticEvents task(long atMs, String pod, String type, String task, long records) {
        events.add(new MeasuredEvent(atMs, pod, type, List.of(), -1, task, -1, -1, records, null, null));
        return this;
    }
}
