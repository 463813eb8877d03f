package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.invariant.Invariant;
import org.rebalancesim.invariant.InvariantViolation;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.sweep.SetOption;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepPlanner;
import org.rebalancesim.sweep.SweepRunException;
import picocli.CommandLine;

/**
 * The command line a report or a broken invariant prints runs the same run again: read back by a
 * POSIX shell it gives the words written, and parsed by the CLI it gives the options that shaped the run.
 */
class RunLineTest extends CommandLineTest {

    private static final String SHELL = "/bin/sh";

    /** The words a POSIX shell makes of {@code line} after the script's name. */
    static List<String> shellWords(String line) throws IOException, InterruptedException {
        assertTrue(line.startsWith(ReproduceCommand.SCRIPT + " "), line);
        String printEachWord = "printf '%s\\0'" + line.substring(ReproduceCommand.SCRIPT.length());
        Process shell = new ProcessBuilder(SHELL, "-c", printEachWord).redirectErrorStream(true).start();
        String words = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, shell.waitFor(), words);
        return Arrays.asList(words.substring(0, words.length() - 1).split("\0", -1));
    }

    /** The run the CLI would make of these words. */
    static RunLine parsedBack(List<String> words) {
        CommandLine.ParseResult parsed = new CommandLine(new Main()).parseArgs(words.toArray(String[]::new));
        RunCommand run = (RunCommand) parsed.subcommand().commandSpec().userObject();
        assertEquals(1, run.paths.size(), words.toString());
        return new RunLine(run.paths.get(0).toString(), run.seed.seed, run.variant, run.sets, run.classpath.classpath,
                run.maxEvents.maxEvents, run.noChecks);
    }

    @Test
    void plainWordsStayAndEverythingElseIsSingleQuoted() {
        assertEquals("scenarios/a-b_c.yaml", ReproduceCommand.quoted("scenarios/a-b_c.yaml"));
        assertEquals("session.timeout.ms=10000", ReproduceCommand.quoted("session.timeout.ms=10000"));
        assertEquals("'my group.yaml'", ReproduceCommand.quoted("my group.yaml"));
        assertEquals("'it'\\''s'", ReproduceCommand.quoted("it's"));
        assertEquals("'$HOME'", ReproduceCommand.quoted("$HOME"));
        assertEquals("''", ReproduceCommand.quoted(""));
        assertEquals("scripts/rebalance-sim run 'my group.yaml' --seed 7 --variant cooperative",
                RunLine.plain("my group.yaml", 7, "cooperative").text());
    }

    @Test
    void everyOptionThatShapedTheRunComesBackFromTheShellAndTheParser() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(SHELL)), "needs a POSIX shell");
        RunLine line = new RunLine("dir with space/it's \"quoted\".yaml", -3, "eager 'one'",
                List.of("consumers.processing={constant: 5ms}", "session.timeout.ms=10000", "name=a;b`c`$d"),
                "jars/my jar.jar:other.jar", 1_000, true);
        List<String> words = shellWords(line.text());
        assertEquals(line.words(), words);
        assertEquals(line, parsedBack(words));
    }

    /**
     * No scenario can make the model break an invariant (that is what they are), so the sweep's failure is
     * handed to it as the sweep runner hands it over; the line must then run that very run: same metrics.
     */
    @Test
    void aBrokenInvariantInASweepCellPrintsTheRunThatRunsItAlone() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(SHELL)), "needs a POSIX shell");
        Path jar = AssignorJars.build(Files.createDirectories(dir.resolve("my jars")));
        Path file = write("two words.yaml", """
                name: two-words
                seed: 5
                duration: 1m
                group: {id: two-words}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  config: {partition.assignment.strategy: STRATEGY}
                  startup: {jvmStart: 1s}
                faults:
                  - gcPause: {consumer: all, every: {uniform: {min: 10s, max: 20s}}, duration: {uniform: {min: 1s, max: 12s}}}
                """.replace("STRATEGY", AssignorJars.SMALLEST_ID));
        String[] sweepArgs = {"sweep", file.toString(), "--set", "session.timeout.ms=10000,20000",
            "--set", "consumers.count=2,3", "--seeds", "2", "--seed", "40", "--classpath", jar.toString(),
            "--quiet", "--out", dir.resolve("sweep").toString()};
        assertEquals(0, cli(sweepArgs), err);
        List<String> runs = Files.readAllLines(dir.resolve("sweep/two-words-sweep/runs.csv"));
        SweepCommand sweep = (SweepCommand) new CommandLine(new Main()).parseArgs(sweepArgs).subcommand()
                .commandSpec().userObject();
        SweepPlan plan = SweepPlanner.plan(ScenarioTemplate.read(file), List.of(SetOption.parse(sweep.sets.get(0)),
                SetOption.parse(sweep.sets.get(1))), null, 2, 40L);
        int last = plan.runCount() - 1;
        SweepPlan.RunId id = plan.run(last);
        InvariantViolation violation = new InvariantViolation(Invariant.SINGLE_OWNER, 1_000, 10, "an event",
                "what was wrong").during(file.toString(), id.variant(), id.seed());
        StringWriter sweepErr = new StringWriter();
        assertEquals(3, sweep.runFailed(new SweepRunException(id, violation), new PrintWriter(sweepErr, true)));

        String prefix = "  reproduce: ";
        String line = sweepErr.toString().lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError(sweepErr)).substring(prefix.length());
        List<String> words = shellWords(line);
        assertEquals(new RunLine(file.toString(), 41, "base", List.of("session.timeout.ms=20000", "consumers.count=3"),
                jar.toString(), ScenarioRunner.DEFAULT_MAX_EVENTS, false), parsedBack(words));
        List<String> alone = new ArrayList<>(words);
        alone.addAll(List.of("--format", "json", "--out", dir.resolve("alone").toString()));
        assertEquals(0, cli(alone.toArray(String[]::new)), err);
        JsonNode metrics = new ObjectMapper().readTree(out).get("variants").get(0).get("metrics");
        List<String> header = List.of(runs.get(0).split(","));
        List<String> row = List.of(runs.get(last + 1).split(","));
        assertEquals(List.of("20000", "3", "base", "41"), row.subList(0, 4));
        for (int column = 4; column < header.size(); column++) {
            assertEquals(row.get(column), metrics.get(header.get(column)).asText(), header.get(column));
        }
    }

    @Test
    void defaultsAreLeftOut() {
        assertEquals(List.of("run", "f.yaml", "--seed", "1"), RunLine.plain("f.yaml", 1, null).words());
    }
}
