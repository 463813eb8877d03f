package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * Shared helper of the behaviour tests: builds scenarios from YAML text, runs them, checks the
 * record-accounting invariant (docs/metrics.md) on every variant it runs, and reads the result's series.
 */
public final class SimRuns {

    /** A bound far above what the test scenarios need; a runaway model fails instead of hanging. */
    public static final long MAX_EVENTS = 50_000_000L;

    private SimRuns() {
    }

    public static Scenario load(String yaml, String name) {
        try {
            return ScenarioLoader.fromText(yaml, name + ".yaml");
        } catch (ScenarioException e) {
            throw new AssertionError("test scenario " + name + " is invalid: " + e.problems(), e);
        }
    }

    /** Runs every variant; each one's record accounting is checked (docs/metrics.md, recordsProduced). */
    public static RunResult runAll(String yaml, String name) {
        return runScenario(load(yaml, name));
    }

    public static RunResult runScenario(Scenario scenario) {
        RunResult result = ScenarioRunner.run(scenario, null, MAX_EVENTS);
        for (VariantResult variant : result.variants()) {
            boolean wholeRun = scenario.variants().stream()
                    .anyMatch(v -> v.name().equals(variant.name()) && v.measure().fromMs() == 0);
            assertRecordAccounting(variant, wholeRun);
        }
        return result;
    }

    /** A fetch that brought records, or an assignment callback, of a pod's consumer at the simulated time of it. */
    public record PodRecordEvent(long atMs, String pod, Kind kind, List<TopicPartition> partitions) {
        public enum Kind { FETCHED, ASSIGNED }
    }

    /**
     * Runs a scenario without variants and returns, in time order, every fetch that brought records and
     * every assignment callback of its pods.
     */
    public static List<PodRecordEvent> fetchesAndAssignments(String yaml, String name) {
        Scenario scenario = load(yaml, name);
        List<PodRecordEvent> seen = new ArrayList<>();
        Function<Simulation, GroupListener> observer = sim -> new GroupListener() {
            @Override
            public void fetched(PodEvents.Fetched event) {
                event.ranges().forEach(range -> seen.add(new PodRecordEvent(sim.nowMs(), event.pod(),
                        PodRecordEvent.Kind.FETCHED, List.of(range.partition()))));
            }

            @Override
            public void partitionsAssigned(PodEvents.PartitionsAssigned event) {
                seen.add(new PodRecordEvent(sim.nowMs(), event.pod(), PodRecordEvent.Kind.ASSIGNED, event.partitions()));
            }
        };
        new VariantRun(scenario.variants().get(0), scenario.seed(), MAX_EVENTS, Assignors.builtIn(), Checks.ALL,
                observer).run();
        return seen;
    }

    /** Runs a scenario's first variant with {@code observer} hearing every event of the group. */
    public static void observe(String yaml, String name, Function<Simulation, GroupListener> observer) {
        Scenario scenario = load(yaml, name);
        new VariantRun(scenario.variants().get(0), scenario.seed(), MAX_EVENTS, Assignors.builtIn(), Checks.ALL,
                observer).run();
    }

    /** A Kafka Streams task's change of state on a pod's instance, at the simulated time of it. */
    public record TaskStateEvent(long atMs, String pod, TaskId task, TaskState state) {
    }

    /** Runs the variant {@code variantName} of a scenario and returns, in time order, every task state change. */
    public static List<TaskStateEvent> taskStates(String yaml, String name, String variantName) {
        Scenario scenario = load(yaml, name);
        List<TaskStateEvent> seen = new ArrayList<>();
        Function<Simulation, GroupListener> observer = sim -> new GroupListener() {
            @Override
            public void taskStateChanged(PodEvents.TaskStateChanged event) {
                seen.add(new TaskStateEvent(sim.nowMs(), event.pod(), event.task(), event.state()));
            }
        };
        Variant variant = scenario.variants().stream().filter(v -> v.name().equals(variantName)).findFirst()
                .orElseThrow(() -> new AssertionError("no variant " + variantName));
        new VariantRun(variant, scenario.seed(), MAX_EVENTS, Assignors.builtIn(), Checks.ALL, observer).run();
        return seen;
    }

    /** When {@code pod} first showed a task in {@code state} at or after {@code fromMs}. */
    public static long firstTaskState(List<TaskStateEvent> states, String pod, long fromMs, TaskState state) {
        return states.stream().filter(s -> s.pod().equals(pod) && s.atMs() >= fromMs && s.state() == state)
                .findFirst().orElseThrow(() -> new AssertionError(pod + " never " + state + " from " + fromMs))
                .atMs();
    }

    /** Runs a scenario without variants (its one variant, "base"). */
    public static VariantResult run(String yaml, String name) {
        return runAll(yaml, name).variants().get(0);
    }

    public static VariantResult variant(RunResult run, String name) {
        return run.variants().stream().filter(v -> v.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no variant " + name));
    }

    public static long metric(VariantResult result, String name) {
        Number value = result.metrics().get(name);
        assertNotNull(value, "metric " + name + " missing from " + result.metrics().keySet());
        return value.longValue();
    }

    /**
     * docs/metrics.md: "at the end recordsProduced = recordsProcessed-unique + final lag always holds";
     * and every processing of a record is either its first (unique) or a duplicate. The duplicates
     * metric is clipped to the measure window, so the second identity is checked only when the window
     * starts at 0 (duplicates before the window are then none).
     */
    public static void assertRecordAccounting(VariantResult result, boolean windowIsWholeRun) {
        long produced = metric(result, "recordsProduced");
        long unique = metric(result, "recordsProcessedUnique");
        long finalLag = metric(result, "finalLag");
        long processed = metric(result, "recordsProcessed");
        assertEquals(produced, unique + finalLag, result.name() + ": recordsProduced != unique + finalLag");
        assertTrue(finalLag >= 0 && unique <= processed, result.name() + ": negative lag or unique > processed");
        if (windowIsWholeRun) {
            assertEquals(processed, unique + metric(result, "duplicates"),
                    result.name() + ": recordsProcessed != recordsProcessedUnique + duplicates");
        }
    }

    public static List<Series.RebalanceSpan> spans(VariantResult result) {
        return result.series().rebalances();
    }

    /** The first rebalance whose span starts at or after {@code fromMs}. */
    public static Series.RebalanceSpan firstSpanFrom(VariantResult result, long fromMs) {
        return spans(result).stream().filter(s -> s.startMs() >= fromMs).findFirst()
                .orElseThrow(() -> new AssertionError("no rebalance started at or after " + fromMs + ": "
                        + spans(result)));
    }

    public static List<Series.StateInterval> states(VariantResult result, String pod, MemberState state) {
        return result.series().memberStates().stream()
                .filter(s -> s.member().equals(pod) && s.state() == state).toList();
    }

    /** Story lines about {@code subject} whose text contains {@code fragment}, in time order. */
    public static List<Series.StoryEvent> story(VariantResult result, String subject, String fragment) {
        return result.series().events().stream()
                .filter(e -> e.subject().equals(subject) && e.what().contains(fragment)).toList();
    }

    /** When each of the pod's processes came up ("started" in its story), in time order. */
    public static List<Long> startedAt(VariantResult result, String pod) {
        return story(result, pod, "started").stream().map(Series.StoryEvent::atMs).toList();
    }

    /** The library's scenario directory (surefire sets scenarios.dir; else ../scenarios from the module). */
    public static Path scenariosDir() {
        String configured = System.getProperty("scenarios.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("..", "scenarios");
        assertTrue(Files.isDirectory(dir), "no scenario directory at " + dir.toAbsolutePath());
        return dir;
    }

    public static List<Path> libraryScenarios() {
        // The library and its subfolders (calibration/ holds the seconds-scale scenarios).
        try (Stream<Path> files = Files.walk(scenariosDir())) {
            List<Path> yaml = files.filter(p -> p.getFileName().toString().matches(".*\\.ya?ml")).sorted().toList();
            assertTrue(!yaml.isEmpty(), "the scenario library is empty");
            return yaml;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    public static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    public static Scenario loadFile(Path file) {
        try {
            return ScenarioLoader.load(file, file.getFileName().toString());
        } catch (ScenarioException e) {
            throw new AssertionError("library scenario " + file + " is invalid: " + e.problems(), e);
        }
    }
}
