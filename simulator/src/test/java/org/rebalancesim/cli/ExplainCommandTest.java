package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code explain FILE}: what it prints (the story, then what would have helped), what it writes, and how it refuses bad input. */
class ExplainCommandTest extends CommandLineTest {

    // c2 crashes at 90 s: with a 10 s session it is evicted at about 1:40, with 45 s not before the end.
    private static final String SMALL = """
            name: small
            seed: 3
            duration: 2m
            group: {id: cli-test}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000}
              startup: {jvmStart: 1s}
            timeline:
              - at: 90s
                crash: {consumer: c2}
            variants:
              - name: a
              - name: b
                consumers: {config: {session.timeout.ms: 45000}}
            expect:
              a:
                evictions: "== 1"
              b:
                evictions: "== 5"
            """;

    @Test
    void explainTellsEachVariantsStoryAndIsNoCheck() throws IOException {
        Path file = write("small.yaml", SMALL);
        assertEquals(0, cli("explain", file.toString()), err);
        assertTrue(out.startsWith("small (seed 3)\n"), out);
        assertTrue(out.contains("\nvariant a: classic/eager"), out);
        assertTrue(out.contains("\n01:30.000  c2 crashed: no LeaveGroup, so the coordinator waits session.timeout.ms 10 s"),
                out);
        assertTrue(out.contains("\nvariant b: classic/eager"), out);
        assertTrue(out.contains("expect: FAILED evictions == 5 (actual 0)"), "shown, and still exit 0: " + out);
    }

    @Test
    void variantAndSeedSelectWhatIsExplained() throws IOException {
        Path file = write("small.yaml", SMALL);
        assertEquals(0, cli("explain", file.toString(), "--variant", "b", "--seed", "11"));
        assertTrue(out.startsWith("small (seed 11)\n"), out);
        assertFalse(out.contains("variant a:"), out);
        String once = out;
        cli("explain", file.toString(), "--variant", "b", "--seed", "11");
        assertEquals(once, out, "same file and seed, same text");
    }

    @Test
    void outWritesExplainTxtNextToResultJson() throws IOException {
        Path file = write("small.yaml", SMALL);
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("explain", file.toString(), "--out", reports.toString()));
        Path written = reports.resolve("small").resolve("explain.txt");
        assertTrue(out.endsWith("wrote " + written + "\n"), out);
        assertEquals(out.substring(0, out.lastIndexOf("wrote ")), Files.readString(written));
    }

    @Test
    void badInputIsExitTwoWithTheFileNamedAndNoStackTrace() throws IOException {
        Path bad = write("bad.yaml", SMALL.replace("consumer: c2", "consumer: c9"));
        assertEquals(2, cli("explain", bad.toString()));
        assertTrue(err.contains(bad + ": timeline[0].crash.consumer: unknown consumer 'c9'"), err);
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);

        assertEquals(2, cli("explain", dir.resolve("missing.yaml").toString()));
        assertTrue(err.contains("missing.yaml"), err);

        Path file = write("small.yaml", SMALL);
        assertEquals(2, cli("explain", file.toString(), "--variant", "zzz"));
        assertTrue(err.contains(file + ": --variant zzz: no such variant; the file has a, b"), err);

        Path notADirectory = write("plain-file", "x");
        assertEquals(2, cli("explain", file.toString(), "--out", notADirectory.toString()));
        assertTrue(err.contains("choose another directory with --out"), err);

        assertEquals(2, cli("explain"));
        assertEquals(0, cli("explain", "--help"));
        assertTrue(out.contains("--variant"), out);
    }

    /**
     * c1's JVM stops 20 s at 30 s. Under a 10 s session with a 3 s heartbeat it is evicted; its last heartbeat
     * can precede the pause by 3 s, so a session above 23 s keeps it: 24 s, the next whole second. Under 45 s
     * (> 20 + 3 s) nothing was evicted and nothing needed to change.
     */
    @Test
    void whatWouldHaveHelpedFollowsTheStoryWithTheSessionThePauseNeeded() throws IOException {
        Path file = write("gc.yaml", """
                name: gc
                seed: 5
                duration: 2m
                group: {id: cli-test}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
                  startup: {jvmStart: 1s}
                timeline:
                  - at: 30s
                    gcPause: {consumer: c1, duration: 20s}
                variants:
                  - name: short
                  - name: long
                    consumers: {config: {session.timeout.ms: 45000}}
                """);
        assertEquals(0, cli("explain", file.toString()), err);
        int helped = out.indexOf("\nWhat would have helped\n");
        assertTrue(helped > out.lastIndexOf("\nexpect: ") && helped > out.lastIndexOf("\nsummary"), "after the story: " + out);
        String section = out.substring(helped);
        assertTrue(section.contains("\nvariant short:\n- c1's 20 s GC pause at 00:30.000 outlived session.timeout.ms 10 s by "
                + "10 s: a session.timeout.ms of at least 24 s (20 s + heartbeat.interval.ms 3 s"), section);
        assertTrue(section.contains("\nvariant long:\nNothing in this run's limits would have prevented its rebalances"),
                section);

        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--out", reports.toString()), err);
        String summary = Files.readString(reports.resolve("gc").resolve("summary.md"));
        String item = section.lines().filter(line -> line.startsWith("- c1's")).findFirst().orElseThrow();
        assertTrue(summary.contains("\n" + item.replace("*", "\\*") + "\n"), "summary.md lists the same item: " + summary);
    }
}
