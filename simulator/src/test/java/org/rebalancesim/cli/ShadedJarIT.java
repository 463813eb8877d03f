package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar as users get it (failsafe runs this after package): started with {@code java -jar}
 * in a JVM of its own, so the test classpath cannot lend it a class. The JVM's class-load log shows
 * where each assignor class came from, and the jar's entries show what was left out of it.
 */
class ShadedJarIT {

    private static final String KAFKA = "org.apache.kafka.clients.consumer.";
    /** Packages of the compression codecs kafka-clients depends on, excluded in the parent pom. */
    private static final List<String> CODECS = List.of("com/github/luben/zstd/", "net/jpountz/", "org/xerial/snappy/");
    /** "[0.2s][info][class,load] org.x.Y source: file:/path/rebalance-sim.jar" (-Xlog:class+load). */
    private static final Pattern CLASS_LOAD = Pattern.compile("\\[class,load\\] (\\S+) source: (.+)");

    @TempDir
    Path dir;

    static Path jar() {
        Path jar = Path.of(System.getProperty("shadedJar", "target/rebalance-sim.jar"));
        assertTrue(Files.isRegularFile(jar), "no shaded jar at " + jar + "; run mvn verify (it runs after package)");
        return jar;
    }

    @Test
    void theJarHoldsKafkasAssignorsButNotTheCodecsOrKafkasBundledTelemetry() throws IOException {
        try (JarFile jar = new JarFile(jar().toFile())) {
            for (String assignor : List.of("RangeAssignor", "RoundRobinAssignor", "StickyAssignor",
                    "CooperativeStickyAssignor")) {
                assertTrue(jar.getEntry(KAFKA.replace('.', '/') + assignor + ".class") != null, assignor);
            }
            List<String> unwanted = jar.stream().map(entry -> entry.getName())
                    .filter(name -> CODECS.stream().anyMatch(name::startsWith) || name.startsWith("org/apache/kafka/shaded/")
                            || name.endsWith(".so") || name.endsWith(".dll") || name.endsWith(".dylib"))
                    .toList();
            assertEquals(List.of(), unwanted);
        }
    }

    @Test
    void theJarRunsKafkasAssignorsFromItself() throws Exception {
        Path scenario = dir.resolve("assignors.yaml");
        Files.writeString(scenario, """
                name: assignors
                seed: 11
                duration: 2m
                group: {id: shaded-jar}
                topics: [{name: a, partitions: 6, rate: 60/s}, {name: b, partitions: 3, rate: 30/s}]
                consumers:
                  count: 3
                  config: {partition.assignment.strategy: range, session.timeout.ms: 10000}
                  startup: {jvmStart: 1s}
                timeline:
                  - at: 60s
                    crash: {consumer: c3}
                variants:
                  - name: range
                  - name: roundrobin
                    consumers: {config: {partition.assignment.strategy: roundrobin}}
                  - name: sticky
                    consumers: {config: {partition.assignment.strategy: org.apache.kafka.clients.consumer.StickyAssignor}}
                  - name: cooperative-sticky
                    consumers: {config: {partition.assignment.strategy: cooperative-sticky}}
                expect:
                  sticky: {evictions: "== 1"}
                  cooperative-sticky: {evictions: "== 1"}
                """);
        List<String> output = runJar("run", scenario.toString(), "--out", dir.resolve("reports").toString());
        for (String assignor : List.of("RangeAssignor", "RoundRobinAssignor", "StickyAssignor",
                "CooperativeStickyAssignor")) {
            assertLoadedFrom(output, KAFKA + assignor, jar());
        }
        // Loaded only inside the sticky assignors' assign(): they ran, not just loaded.
        assertLoadedFrom(output, KAFKA + "internals.AbstractStickyAssignor$ConstrainedAssignmentBuilder", jar());
        assertTrue(output.stream().anyMatch(line -> line.contains("classic/cooperative (cooperative-sticky)")), output::toString);
        assertTrue(output.stream().noneMatch(line -> CODECS.stream()
                .anyMatch(codec -> line.contains("[class,load] " + codec.replace('/', '.')))), output::toString);
    }

    @Test
    void aUsersAssignorRunsAgainstTheJarsKafkaClasses() throws Exception {
        Path assignors = AssignorJars.build(dir);
        Path scenario = dir.resolve("custom.yaml");
        Files.writeString(scenario, CustomAssignorCliTest.scenario(AssignorJars.SMALLEST_ID));
        List<String> output = runJar("run", scenario.toString(), "--classpath", assignors.toString(),
                "--out", dir.resolve("reports").toString());
        assertLoadedFrom(output, AssignorJars.SMALLEST_ID, assignors);
        assertLoadedFrom(output, KAFKA + "ConsumerPartitionAssignor", jar());
        assertTrue(output.stream().anyMatch(line -> line.contains("classic/eager (" + AssignorJars.SMALLEST_ID + ")")),
                output::toString);
    }

    /**
     * Kafka Streams' task assignment runs from the jar alone: a one-file program on the jar's classpath (the java
     * launcher compiles it) assigns a small Streams group, and Kafka's HighAvailabilityTaskAssignor and
     * StreamsPartitionAssignor (whose assignTasksToThreads spreads the tasks) load from the jar. RocksDB, which
     * kafka-streams depends on but the assignors never touch, is not in the jar.
     */
    @Test
    void theJarRunsKafkaStreamsTaskAssignmentWithoutRocksDb() throws Exception {
        try (JarFile jar = new JarFile(jar().toFile())) {
            assertEquals(List.of(), jar.stream().map(entry -> entry.getName())
                    .filter(name -> name.startsWith("org/rocksdb/") || name.contains("librocksdbjni")).toList());
        }
        Path probe = dir.resolve("StreamsProbe.java");
        Files.writeString(probe, """
                import java.util.List;
                import java.util.Map;
                import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
                import org.rebalancesim.assignor.StreamsAssignmentConfig;
                import org.rebalancesim.assignor.StreamsSubscription;
                import org.rebalancesim.assignor.StreamsTaskAssignor;
                import org.rebalancesim.assignor.StreamsTopology;
                import org.rebalancesim.partition.TaskId;
                import org.rebalancesim.partition.TopicPartition;

                public class StreamsProbe {
                    public static void main(String[] args) {
                        TaskId a = TaskId.parse("0_0");
                        TaskId b = TaskId.parse("0_1");
                        StreamsTopology topology = new StreamsTopology(
                                Map.of(a, List.of(new TopicPartition("in", 0)),
                                        b, List.of(new TopicPartition("in", 1))),
                                java.util.Set.of(a, b), Map.of(a, 50_000L, b, 50_000L));
                        var answer = StreamsTaskAssignor.assign(topology, List.of(
                                new StreamsSubscription("c1", "pod-1", Map.of(a, -2L, b, -2L),
                                        List.of(new TopicPartition("in", 0), new TopicPartition("in", 1))),
                                new StreamsSubscription("c2", "pod-2", Map.of(), List.of())),
                                StreamsAssignmentConfig.defaults(), RebalanceProtocol.COOPERATIVE, "c1");
                        System.out.println("streams-probe c1=" + answer.threads().get("c1").activeTasks()
                                + " c2-standby=" + answer.threads().get("c2").standbyTasks()
                                + " probing=" + answer.probingRebalanceNeeded());
                    }
                }
                """);
        List<String> output = runJava("-cp", jar().toString(), probe.toString());
        // pod-1 runs both tasks and keeps them; pod-2 has no state (lag 50000 > 10000): it warms one up, and the
        // leader's process probes.
        assertTrue(output.contains("streams-probe c1=[0_0, 0_1] c2-standby=[0_0] probing=true")
                || output.contains("streams-probe c1=[0_0, 0_1] c2-standby=[0_1] probing=true"), output::toString);
        String internals = "org.apache.kafka.streams.processor.internals.";
        assertLoadedFrom(output, internals + "assignment.HighAvailabilityTaskAssignor", jar());
        assertLoadedFrom(output, internals + "StreamsPartitionAssignor", jar());
        assertTrue(output.stream().noneMatch(line -> line.contains("[class,load] org.rocksdb.")), output::toString);
    }

    private static void assertLoadedFrom(List<String> output, String className, Path source) {
        for (String line : output) {
            Matcher load = CLASS_LOAD.matcher(line);
            if (load.find() && load.group(1).equals(className)) {
                assertTrue(load.group(2).endsWith(source.getFileName().toString()), line);
                return;
            }
        }
        fail(className + " was never loaded:\n" + String.join("\n", output));
    }

    /** {@code java -jar rebalance-sim.jar ARGS} with its class loading logged; its output lines, after exit 0. */
    private static List<String> runJar(String... args) throws IOException, InterruptedException {
        List<String> javaArgs = new ArrayList<>(List.of("-jar", jar().toString()));
        javaArgs.addAll(List.of(args));
        return runJava(javaArgs.toArray(String[]::new));
    }

    /** {@code java ARGS} with its class loading logged; its output lines, after exit 0. */
    private static List<String> runJava(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("CLASSPATH");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        // Read before waiting: the class-load log fills a pipe buffer long before the run ends.
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail("java did not finish: " + command);
        }
        List<String> lines = output.lines().toList();
        assertEquals(0, process.exitValue(), () -> "java " + List.of(args) + " failed:\n"
                + String.join("\n", lines.stream().filter(line -> !line.contains("[class,load]")).toList()));
        return lines;
    }
}
