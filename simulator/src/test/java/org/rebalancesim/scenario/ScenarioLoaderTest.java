package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest {

    /** The example of docs/scenario-format.md, verbatim. */
    static final String EXAMPLE = """
            name: crash-during-slow-record
            description: >
              Three consumers; c1 is stuck on a 15-minute record when c2 crashes and restarts.
            seed: 7                      # default seed; `--seed` on the command line overrides it
            duration: 30m                # simulated time
            measure: {from: 4m}          # optional window for the metrics
            cluster:
              brokers: 3
              config:                    # broker configs, Kafka names
                group.initial.rebalance.delay.ms: 3000
                offsets.topic.num.partitions: 50
              network:
                latency: {uniform: {min: 1ms, max: 3ms}}   # one way, consumer <-> broker
            group:
              id: demo-app               # also decides the coordinator broker, as Kafka does
            topics:
              - name: input-topic
                partitions: 6
                rate: 60/s               # produced records, spread evenly over the partitions
            consumers:
              count: 3                   # members c1..c3 (pods); `names: [a, b, c]` is also allowed
              config:                    # consumer configs, Kafka names
                group.protocol: classic                  # classic | consumer (KIP-848)
                partition.assignment.strategy: range     # range | roundrobin | sticky | cooperative-sticky
                session.timeout.ms: 10000
                heartbeat.interval.ms: 3000
                max.poll.interval.ms: 3600000
                max.poll.records: 500
              processing: {lognormal: {median: 2ms, p99: 20ms}}   # per record
              startup: {stagger: 0s, jvmStart: 2s}   # spread between pod starts
            timeline:
              - at: 1m
                slowRecord: {consumer: c1, duration: 15m}
              - at: 2m
                crash: {consumer: c2, restartAfter: 30s}
            variants:                    # each variant deep-merges over the base
              - name: dynamic
              - name: static
                consumers:
                  config:
                    group.instance.id: pod-$(POD_NAME)   # static membership: pod-c1, pod-c2, ...
                    session.timeout.ms: 120000
            expect:                      # optional; checked by `check`, reported by `run`
              dynamic:
                rebalances: ">= 1"
                maxStopTheWorldMs: ">= 600000"
              static:
                rebalances: "== 0"
            """;

    @TempDir
    java.nio.file.Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void loadsTheDocumentedExample() throws Exception {
        Scenario scenario = files.load(EXAMPLE);

        assertEquals("crash-during-slow-record", scenario.name());
        assertTrue(scenario.description().startsWith("Three consumers; c1 is stuck"));
        assertEquals("scenario.yaml", scenario.sourceFile());
        assertEquals(7, scenario.seed());
        assertEquals(List.of("dynamic", "static"), scenario.variants().stream().map(Variant::name).toList());

        Variant dynamic = scenario.variants().get(0);
        assertEquals(1_800_000, dynamic.durationMs());
        assertEquals(new MeasureWindow(240_000, 1_800_000), dynamic.measure());
        assertEquals("demo-app", dynamic.groupId());
        assertEquals(List.of(new TopicSpec("input-topic", 6, 60.0)), dynamic.topics());
        assertEquals(new ClusterSpec(3, 3000, 50, 6000, 1_800_000, Integer.MAX_VALUE, 9000,
                new NetworkSpec(new Distributions.Uniform(1, 3)), ConsumerGroupSpec.defaults(), 0), dynamic.cluster());
    }

    @Test
    void fillsKafkaDefaultsAndMergesVariants() throws Exception {
        Scenario scenario = files.load(EXAMPLE);
        ConsumerConfig dynamic = scenario.variants().get(0).consumers().config();
        ConsumerConfig expectedDynamic = new ConsumerConfig(GroupProtocolName.CLASSIC, List.of("range"), 10_000, 3_000, 3_600_000,
                500, true, 5_000, null, 30_000, 100, 1_000, null, 300_000);
        assertEquals(expectedDynamic, dynamic);
        assertFalse(dynamic.isStatic());

        ConsumerConfig stat = scenario.variants().get(1).consumers().config();
        assertEquals("pod-$(POD_NAME)", stat.groupInstanceId());
        assertEquals(120_000, stat.sessionTimeoutMs());
        assertEquals(3_600_000, stat.maxPollIntervalMs(), "keys the variant does not set come from the base");
        assertEquals("pod-c1", stat.instanceIdOf("c1"));
    }

    @Test
    void readsConsumersTimelineAndExpectations() throws Exception {
        Variant dynamic = files.load(EXAMPLE).variants().get(0);
        ConsumersSpec consumers = dynamic.consumers();
        assertEquals(List.of("c1", "c2", "c3"), consumers.initial());
        assertEquals(List.of("c1", "c2", "c3"), consumers.all());
        assertEquals(List.of("input-topic"), consumers.subscribe());
        assertEquals(new Distributions.LogNormal(2, 20), consumers.processing());
        assertEquals(StartupSpec.constant(0, 2_000), consumers.startup());

        assertEquals(List.of(
                new TimelineEvent(60_000, new Operation.SlowRecord(ConsumerSelector.of(List.of("c1")), null, 900_000)),
                new TimelineEvent(120_000, new Operation.Crash(ConsumerSelector.of(List.of("c2")), 30_000))),
                dynamic.timeline());
        assertEquals(List.of(new Expectation("rebalances", ">=", 1, ">= 1"),
                new Expectation("maxStopTheWorldMs", ">=", 600_000, ">= 600000")), dynamic.expectations());
    }

    @Test
    void recordsTheSha256OfTheBytes() throws Exception {
        byte[] bytes = EXAMPLE.getBytes(StandardCharsets.UTF_8);
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        assertEquals(expected, files.load(EXAMPLE).sha256());
    }

    @Test
    void loadsTextThatIsNotInAFileTheSameWay() throws Exception {
        Scenario fromText = ScenarioLoader.fromText(EXAMPLE, "inline.yaml");
        Scenario fromFile = files.load(EXAMPLE);
        assertEquals(fromFile.variants(), fromText.variants());
        assertEquals(fromFile.sha256(), fromText.sha256());
        assertEquals("inline.yaml", fromText.sourceFile());
        assertEquals("minimal", ScenarioLoader.fromText(ScenarioFiles.MINIMAL, "dir/minimal.yaml").name());
    }

    @Test
    void appliesDefaultsToAMinimalFile() throws Exception {
        Scenario scenario = ScenarioLoader.load(files.write("minimal.yml", ScenarioFiles.MINIMAL));
        assertEquals("minimal", scenario.name(), "the name defaults to the file name without extension");
        assertEquals("", scenario.description());
        assertEquals(1, scenario.seed());
        Variant base = scenario.variants().get(0);
        assertEquals("base", base.name());
        assertEquals(new MeasureWindow(0, 600_000), base.measure());
        ConsumerConfig config = base.consumers().config();
        assertEquals(new ConsumerConfig(GroupProtocolName.CLASSIC, List.of("range", "cooperative-sticky"), 45_000, 3_000, 300_000,
                500, true, 5_000, null, 30_000, 100, 1_000, null, 300_000), config);
        assertEquals(new Distributions.Constant(1), base.consumers().processing());
        assertEquals(StartupSpec.constant(0, 0), base.consumers().startup());
        assertEquals(new ClusterSpec(3, 3000, 50, 6000, 1_800_000, Integer.MAX_VALUE, 9000,
                new NetworkSpec(new Distributions.Uniform(1, 3)), ConsumerGroupSpec.defaults(), 0), base.cluster());
        assertTrue(base.timeline().isEmpty());
        assertTrue(base.faults().isEmpty());
        assertTrue(base.expectations().isEmpty());
    }

    @Test
    void acceptsKafkaClassNamesDurationStringsAndNamedPods() throws Exception {
        Variant variant = files.onlyVariant("""
                duration: 1h
                group: {id: g}
                topics: [{name: a, partitions: 2}, {name: b, partitions: 3, rate: 3000/m}]
                consumers:
                  names: [api-1, api-2]
                  subscribe: [b]
                  config:
                    partition.assignment.strategy:
                      - org.apache.kafka.clients.consumer.RoundRobinAssignor
                      - org.apache.kafka.clients.consumer.CooperativeStickyAssignor
                    session.timeout.ms: 30s
                    enable.auto.commit: "false"
                  overrides: {api-2: {group.instance.id: 7}}
                """);
        ConsumerConfig config = variant.consumers().config();
        assertEquals(List.of("roundrobin", "cooperative-sticky"), config.partitionAssignmentStrategy());
        assertEquals(30_000, config.sessionTimeoutMs());
        assertFalse(config.enableAutoCommit());
        assertEquals("7", variant.consumers().configOf("api-2").groupInstanceId(), "a YAML number is text");
        assertEquals(List.of("api-1", "api-2"), variant.consumers().initial());
        assertEquals(List.of("b"), variant.consumers().subscribe());
        assertEquals(50.0, variant.topics().get(1).recordsPerSecond(), 1e-9);
        assertEquals(0.0, variant.topics().get(0).recordsPerSecond());
    }

    @Test
    void aVariantCanResetAValueToItsDefaultWithNull() throws Exception {
        Scenario scenario = files.load("""
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6}]
                consumers:
                  count: 2
                  config: {group.instance.id: pod-$(POD_NAME)}
                variants:
                  - name: static
                  - name: dynamic
                    consumers: {config: {group.instance.id: null}}
                """);
        assertEquals("pod-$(POD_NAME)", scenario.variants().get(0).consumers().config().groupInstanceId());
        assertNull(scenario.variants().get(1).consumers().config().groupInstanceId());
    }

    @Test
    void variantsReplaceListsAndKeepTheirOwnExpectations() throws Exception {
        Scenario scenario = files.load(ScenarioFiles.MINIMAL + """
                timeline: [{at: 1m, stop: {consumer: c1}}]
                variants:
                  - name: one
                  - name: two
                    timeline: [{at: 2m, stop: {consumer: c2}}, {at: 3m, stop: {consumer: c3}}]
                expect:
                  two: {rebalances: 2, maxStopTheWorldMs: "< 10m"}
                """);
        assertEquals(1, scenario.variants().get(0).timeline().size());
        assertEquals(2, scenario.variants().get(1).timeline().size());
        assertTrue(scenario.variants().get(0).expectations().isEmpty());
        assertEquals(List.of(new Expectation("rebalances", "==", 2, "== 2"),
                new Expectation("maxStopTheWorldMs", "<", 600_000, "< 10m")),
                scenario.variants().get(1).expectations());
    }
}
