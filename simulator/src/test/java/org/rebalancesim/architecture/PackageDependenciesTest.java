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
 * The package layering of docs/ARCHITECTURE.md ("Packages and their dependencies"), read from the main
 * sources' own references (imports and qualified names, comments left out): no two packages depend on
 * each other, and nothing in the model depends on a command, on rendering or on the command line.
 */
class PackageDependenciesTest {

    private static final Path MAIN = Path.of("src/main/java/org/rebalancesim");
    private static final Pattern REFERENCE = Pattern.compile("org\\.rebalancesim\\.([a-z.]+?)\\.[A-Z]");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** The model and the run: what simulates. */
    private static final Set<String> MODEL = Set.of("engine", "partition", "output", "scenario", "events",
            "cluster", "assignor", "coordinator", "coordinator.consumer", "consumer", "protocol", "workload",
            "timeline", "metrics", "metrics.registry", "invariant", "run");
    /** What presents or drives a run. */
    private static final Set<String> ABOVE_THE_MODEL = Set.of("explain", "check", "sweep", "calibration",
            "assignor.calibration", "report", "report.chart", "cli");

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

    @Test
    void noTwoPackagesDependOnEachOther() {
        List<String> cycles = new ArrayList<>();
        uses.forEach((pkg, used) -> used.stream()
                .filter(other -> pkg.compareTo(other) < 0 && uses.getOrDefault(other, Set.of()).contains(pkg))
                .forEach(other -> cycles.add(pkg + " <-> " + other)));
        assertEquals(List.of(), cycles);
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
