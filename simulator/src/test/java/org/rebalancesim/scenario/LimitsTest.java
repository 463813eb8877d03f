package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenarios at the simulator's bounds load quickly; one past them is refused. */
class LimitsTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void aScenarioAtTheBoundsLoadsInSeconds() {
        StringBuilder yaml = new StringBuilder("""
                duration: 30d
                group: {id: big}
                topics: [{name: orders, partitions: 1000000, rate: 1000000000/s}]
                consumers: {count: 90000}
                timeline:
                """);
        for (int i = 0; i < 10_000; i++) {
            yaml.append("  - {at: ").append(i + 1).append("s, start: {count: 1}}\n");
            yaml.append("  - {at: ").append(i + 1).append("s, gcPause: {consumer: c").append(90_001 + i)
                    .append(", duration: 1s}}\n");
        }
        Variant variant = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> files.onlyVariant(yaml.toString()));
        assertEquals(100_000, variant.consumers().all().size());
        assertEquals("c100000", variant.consumers().all().get(99_999));
        assertEquals(20_000, variant.timeline().size());
    }

    @Test
    void onePodTooManyIsRefused() {
        List<String> problems = files.problems(ScenarioFiles.MINIMAL.replace("{count: 3}", "{count: 100000}")
                + "timeline: [{at: 1m, start: {count: 1}}]\n");
        assertEquals(List.of("timeline[0].start: would make 100001 pods; the simulator accepts at most 100000"),
                problems);
    }
}
