package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example output committed under reports/examples/ and shown in the README is what the
 * simulator produces today: its data files are regenerated and compared byte for byte (the images
 * depend on the machine's fonts, so they are not). When this fails, run scripts/make-examples.
 */
class ExamplesUpToDateTest {

    private static final Path EXAMPLES = Path.of("../reports/examples");

    @TempDir
    Path dir;

    private void cli(String... args) {
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args);
        assertEquals(0, code, err.toString());
    }

    private void assertSame(String relative) throws IOException {
        assertEquals(Files.readString(EXAMPLES.resolve(relative)), Files.readString(dir.resolve(relative)),
                relative + " is out of date: run scripts/make-examples and commit the result");
    }

    @Test
    void theRunExampleIsCurrent() throws IOException {
        cli("run", "../scenarios/slow-record-and-crash.yaml", "--out", dir.toString());
        assertSame("slow-record-and-crash/result.json");
        assertSame("slow-record-and-crash/metrics.csv");
    }

    @Test
    void theExplainExampleIsCurrent() throws IOException {
        cli("explain", "../scenarios/gc-pause-vs-session-timeout.yaml", "--out", dir.toString());
        assertSame("gc-pause-vs-session-timeout/explain.txt");
    }

    @Test
    void theSweepExampleIsCurrent() throws IOException {
        cli("sweep", "../scenarios/random-faults.yaml", "--seeds", "50", "--quiet", "--out", dir.toString());
        assertSame("random-faults-sweep/sweep.json");
        assertSame("random-faults-sweep/sweep.csv");
    }
}
