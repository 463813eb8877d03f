package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.invariant.Invariant;
import org.rebalancesim.invariant.InvariantViolation;

/** A broken invariant reaches the user as exit 3 and one report, with no stack trace; checks never change results. */
class InternalErrorTest {

    @TempDir
    Path dir;

    @Test
    void runWithAndWithoutTheCostlyChecksWritesTheSameBytes() throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), """
                duration: 3m
                group: {id: checks}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers: {count: 3, config: {partition.assignment.strategy: cooperative-sticky}}
                timeline: [{at: 1m, crash: {consumer: c2, restartAfter: 10s}}]
                """);
        PrintWriter quiet = new PrintWriter(new StringWriter(), true);
        assertEquals(0, Main.execute(quiet, quiet, "run", file.toString(), "--out", dir.resolve("a").toString()));
        assertEquals(0, Main.execute(quiet, quiet, "run", file.toString(), "--out", dir.resolve("b").toString(),
                "--no-checks"));
        assertEquals(Files.readString(dir.resolve("a/s/result.json")), Files.readString(dir.resolve("b/s/result.json")));
    }

    @Test
    void aBrokenInvariantExitsThreeWithTheReproducingCommand() {
        StringWriter err = new StringWriter();
        InvariantViolation violation = new InvariantViolation(Invariant.RECORD_CONSERVATION, 121_400, 10_903,
                "lag sample", "offsets of t-6 were skipped").during("scenarios/x.yaml", "eager", 42);
        assertEquals(3, Main.internalError(violation, null, new PrintWriter(err, true)));
        String text = err.toString();
        assertTrue(text.startsWith("rebalance-sim: internal error: invariant record-conservation violated at 121400 ms"),
                text);
        assertTrue(text.contains("  reproduce: scripts/rebalance-sim run scenarios/x.yaml --seed 42 --variant eager"),
                text);
        assertTrue(text.contains("the simulator broke its own invariant"), text);
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
    }
}
