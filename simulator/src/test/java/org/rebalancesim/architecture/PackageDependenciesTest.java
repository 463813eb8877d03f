package org.rebalancesim.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules of docs/ARCHITECTURE.md's package layering that hold without exception, read from the main
 * sources' own references (imports and qualified names, comments left out): no package depends on
 * itself through others, nothing in the model depends on a command, on rendering or on the command
 * line, and the foundations depend on nothing. The layer table's finer "may depend on" column is
 * guidance, not checked here.
 */
class PackageDependenciesTest {

    private static final Path MAIN = Path.of("src/main/java/org/rebalancesim");
    private static final Pattern REFERENCE = Pattern.compile("org\\.rebalancesim\\.([a-z.]+?)\\.[A-Z]");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** The model and the run: what simulates. */
    private static final Set<String> MODEL = Set.of("engine", "partition", "output", "scenario", "events",
            "cluster", "assignor", "coordinator", "coordinator.consumer", "coordinator.streams", "consumer", "protocol",
            "workload", "kubernetes", "kubernetes.autoscaling", "scenario.autoscaling",
            "timeline", "metrics", "metrics.registry", "invariant", "run");
    /** What presents or drives a run. */
    private static final Set<String> ABOVE_THE_MODEL = Set.of("explain", "check", "sweep", "calibration",
            "assignor.calibration", "report", "report.chart", "importer", "cli");

    private static Map<String, Set<String>> uses;

    @BeforeAll
    static void readSources() throws IOException {
        uses = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(MAIN)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : files) {
            String pkg = MAIN.relativize(file.getParent()).toString().replace('/', '.');
            String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll("");
            Set<String> used = uses.computeIfAbsent(pkg, k -> new TreeSet<>());
            Matcher m = REFERENCE.matcher(code);
            while (m.find()) {
                if (!m.group(1).equals(pkg)) {
                    used.add(m.group(1));
                }
            }
        }
    }

    @Test
    void everyPackageIsPlaced() {
        Set<String> unplaced = new TreeSet<>(uses.keySet());
        unplaced.removeAll(MODEL);
        unplaced.removeAll(ABOVE_THE_MODEL);
        assertEquals(Set.of(), unplaced, "add new packages to MODEL or ABOVE_THE_MODEL, and to docs/ARCHITECTURE.md");
    }

    /** A depth-first search from every package: any path back to where it started is a cycle. */
    @Test
    void noPackageDependsOnItselfThroughOthers() {
        List<String> cycles = new ArrayList<>();
        for (String start : uses.keySet()) {
            List<String> path = new ArrayList<>(List.of(start));
            findCycle(start, path, new TreeSet<>(), cycles);
        }
        assertEquals(List.of(), cycles);
    }

    private static void findCycle(String start, List<String> path, Set<String> seen, List<String> cycles) {
        String last = path.get(path.size() - 1);
        for (String next : uses.getOrDefault(last, Set.of())) {
            if (next.equals(start)) {
                cycles.add(String.join(" -> ", path) + " -> " + start);
            } else if (seen.add(next)) {
                path.add(next);
                findCycle(start, path, seen, cycles);
                path.remove(path.size() - 1);
            }
        }
    }

    @Test
    void theModelDependsOnNoCommandNorRendering() {
        List<String> wrong = new ArrayList<>();
        uses.forEach((pkg, used) -> {
            if (MODEL.contains(pkg)) {
                used.stream().filter(ABOVE_THE_MODEL::contains).forEach(other -> wrong.add(pkg + " -> " + other));
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void theFoundationsDependOnNothingOfTheProject() {
        for (String foundation : List.of("engine", "partition", "output", "metrics.registry")) {
            assertEquals(Set.of(), uses.get(foundation), foundation);
        }
    }
}
