package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String timeline(String entries) {
        return ScenarioFiles.MINIMAL + "timeline:\n" + entries.indent(2);
    }

    private static ConsumerSelector pods(String... names) {
        return ConsumerSelector.of(List.of(names));
    }

    @Test
    void readsEveryOperation() throws Exception {
        Variant variant = files.onlyVariant(timeline("""
                - {at: 1s, start: {count: 1}}
                - {at: 2s, stop: {consumer: c1}}
                - {at: 3s, crash: {consumer: [c2, c3]}}
                - {at: 4s, restart: {consumer: c4, downtime: 10s}}
                - {at: 5s, rollingRestart: {interval: 30s}}
                - {at: 6s, gcPause: {consumer: all, duration: 12s}}
                - {at: 7s, slowRecord: {partition: orders-5, duration: 15m}}
                - {at: 8s, networkPartition: {consumer: c2, duration: 20s}}
                - {at: 9s, brokerFailure: {broker: coordinator, downtime: 30s}}
                - {at: 10s, brokerFailure: {broker: 2, downtime: 1m}}
                - {at: 11s, addPartitions: {topic: orders, count: 12}}
                - {at: 12s, slowRecord: {partition: orders-11, duration: 1s}}
                - {at: 13s, subscribe: {consumer: all, topics: orders}}
                """));
        List<Operation> expected = List.of(
                new Operation.Start(List.of("c4")),
                new Operation.Stop(pods("c1")),
                new Operation.Crash(pods("c2", "c3"), -1),
                new Operation.Restart(pods("c4"), 10_000),
                new Operation.RollingRestart(ConsumerSelector.allPods(), 30_000, 0),
                new Operation.GcPause(ConsumerSelector.allPods(), 12_000),
                new Operation.SlowRecord(pods(), "orders-5", 900_000),
                new Operation.NetworkPartition(pods("c2"), 20_000),
                new Operation.BrokerFailure(-1, 30_000),
                new Operation.BrokerFailure(2, 60_000),
                new Operation.AddPartitions("orders", 12),
                new Operation.SlowRecord(pods(), "orders-11", 1_000),
                new Operation.Subscribe(ConsumerSelector.allPods(), List.of("orders")));
        assertEquals(expected, variant.timeline().stream().map(TimelineEvent::operation).toList());
        assertEquals(List.of("c1", "c2", "c3", "c4"), variant.consumers().all());
    }

    @Test
    void sortsByTimeKeepingFileOrderForEqualTimes() throws Exception {
        Variant variant = files.onlyVariant(timeline("""
                - {at: 2m, stop: {consumer: c1}}
                - {at: 1m, stop: {consumer: c2}}
                - {at: 2m, stop: {consumer: c3}}
                - {at: 0s, stop: {consumer: c3}}
                """));
        assertEquals(List.of(new TimelineEvent(0, new Operation.Stop(pods("c3"))),
                new TimelineEvent(60_000, new Operation.Stop(pods("c2"))),
                new TimelineEvent(120_000, new Operation.Stop(pods("c1"))),
                new TimelineEvent(120_000, new Operation.Stop(pods("c3")))), variant.timeline());
    }

    @Test
    void numbersStartedPodsAfterTheHighestInTimeOrder() throws Exception {
        Variant variant = files.onlyVariant(timeline("""
                - {at: 5m, start: {count: 2}}
                - {at: 1m, start: {consumers: [c7, extra]}}
                - {at: 30s, stop: {consumer: c9}}
                """));
        assertEquals(List.of("c1", "c2", "c3"), variant.consumers().initial());
        assertEquals(List.of("c1", "c2", "c3", "c7", "extra", "c8", "c9"), variant.consumers().all());
        assertEquals(new Operation.Start(List.of("c8", "c9")), variant.timeline().get(2).operation());
    }

    /**
     * start names its pods with consumer:, as stop, crash and every other operation do (a name or a list);
     * consumers: is the older spelling and still reads; two ways at once is a problem.
     */
    @Test
    void startTakesTheSameKeyAsStop() throws Exception {
        Variant variant = files.onlyVariant(timeline("""
                - {at: 1m, start: {consumer: c7}}
                - {at: 2m, start: {consumer: [c8, c9]}}
                - {at: 3m, start: {consumers: [c10]}}
                - {at: 4m, stop: {consumer: [c7, c10]}}
                """));
        assertEquals(List.of("c1", "c2", "c3", "c7", "c8", "c9", "c10"), variant.consumers().all());
        assertEquals(new Operation.Start(List.of("c7")), variant.timeline().get(0).operation());
        assertEquals(List.of("timeline[0].start: needs exactly one of count: N (new pods named after the highest cK "
                + "so far) or consumer: a new pod's name or a list of them ([c7, c8])"),
                files.problems(timeline("- {at: 1m, start: {consumer: c7, count: 2}}\n")));
    }

    @Test
    void reportsUnknownPodsEventsAfterTheEndAndBadEntries() {
        assertEquals(List.of(
                "timeline[0].crash.consumer: unknown consumer 'c9'; known: c1, c2, c3",
                "timeline[1].at: at 10m is at or after the end of the run (duration: 10m), so the operation would "
                        + "never run; move it earlier or lengthen duration",
                "timeline[2]: has several operations (stop, crash); each entry holds exactly one, so write one "
                        + "entry per operation (they may share the same at:)",
                "timeline[3].restrat: unknown key 'restrat'; did you mean 'restart'?",
                "timeline[4].at: required but missing; when the operation happens, e.g. at: 2m, "
                        + "or at: {after: stable, plus: 10s}"),
                files.problems(timeline("""
                        - {at: 1m, crash: {consumer: c9}}
                        - {at: 10m, stop: {consumer: c1}}
                        - {at: 2m, stop: {consumer: c1}, crash: {consumer: c2}}
                        - {at: 3m, restrat: {consumer: c1}}
                        - {stop: {consumer: c1}}
                        """)));
    }

    @Test
    void checksPartitionsBrokersTopicsAndSelectors() {
        assertEquals(List.of(
                "timeline[0].slowRecord.partition: partition 'orders-6' does not exist: topic 'orders' has 6 "
                        + "partitions at that time (orders-0 to orders-5)",
                "timeline[1].brokerFailure.broker: broker 3 does not exist: the cluster has 3 brokers (ids 0 to 2); "
                        + "use one of them or coordinator",
                "timeline[2].addPartitions.count: count (6) must be greater than the topic's partition count at "
                        + "that time (6): Kafka can add partitions but never remove them",
                "timeline[3].subscribe.topics: unknown topic 'ordres'; did you mean 'orders'?",
                "timeline[4].gcPause.consumer: 'all' cannot be combined with names; write consumer: all, or list "
                        + "the names",
                "timeline[4].gcPause.duration: must be at least 1ms, got '0s'",
                "timeline[5].slowRecord: needs exactly one of consumer: (that pod's next record) or partition: "
                        + "orders-3 (that partition's next record)",
                "timeline[6].start.consumers[0]: pod 'c1' already exists; every pod needs its own name (to bring a "
                        + "stopped pod back, use restart or crash with restartAfter)",
                "timeline[7].rollingRestart.interval: required but missing; the time between two pod restarts, "
                        + "e.g. interval: 30s"),
                files.problems(timeline("""
                        - {at: 1m, slowRecord: {partition: orders-6, duration: 1m}}
                        - {at: 2m, brokerFailure: {broker: 3, downtime: 10s}}
                        - {at: 3m, addPartitions: {topic: orders, count: 6}}
                        - {at: 4m, subscribe: {consumer: all, topics: [ordres]}}
                        - {at: 5m, gcPause: {consumer: [c1, all], duration: 0s}}
                        - {at: 6m, slowRecord: {consumer: c1, partition: orders-1, duration: 1s}}
                        - {at: 7m, start: {consumers: [c1]}}
                        - {at: 8m, rollingRestart: {downtime: 5s}}
                        """)));
    }
}
