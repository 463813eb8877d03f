package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code explain FILE}: what it prints, what it writes, and how it refuses bad input. */
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
}
