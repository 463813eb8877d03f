package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.rebalancesim.invariant.InvariantViolation;
import org.rebalancesim.run.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code rebalance-sim}: exit codes 0 (ok), 1 (an expectation failed), 2 (bad input or usage),
 * 3 (an internal error of the simulator).
 */
@Command(name = "rebalance-sim", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "Deterministic simulator of Apache Kafka consumer-group rebalancing.",
        subcommands = {RunCommand.class, CompareCommand.class, ExplainCommand.class, SweepCommand.class,
                ValidateCommand.class, CheckCommand.class, CalibrateCommand.class, ImportCommand.class,
                CompletionCommand.class, ManCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    static final int OK = 0;
    static final int EXPECTATION_FAILED = 1;
    static final int BAD_INPUT = 2;
    static final int INTERNAL_ERROR = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests: no System.exit). */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8), args);
    }

    /** Runs the command line with its output going to {@code out} and {@code err}. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler((exception, cmd, parsed) ->
                internalError(exception, cmd.getCommand(), cmd.getErr()));
        return commandLine.execute(args);
    }

    /**
     * A command failed with an exception: always a simulator bug (bad input is reported by the commands
     * themselves), so exit 3 with one message and no stack trace; a broken invariant says how to reproduce it.
     *
     * @param command the command that failed: a {@link ScenarioCommand} adds its options to the reproducing line
     */
    static int internalError(Exception exception, Object command, PrintWriter err) {
        if (exception instanceof InvariantViolation violation) {
            return brokenInvariant(violation, rerun(violation, command), err);
        }
        err.println("rebalance-sim: internal error: " + exception
                + " (please report it with the scenario file and the seed)");
        return INTERNAL_ERROR;
    }

    /** The line that runs the broken run again, or null when the violation was not placed in a run. */
    private static RunLine rerun(InvariantViolation violation, Object command) {
        String file = violation.scenarioFile();
        if (file == null) {
            return null;
        }
        return command instanceof ScenarioCommand scenarios ? scenarios.rerun(file, violation.variant(), violation.seed())
                : RunLine.plain(file, violation.seed(), violation.variant());
    }

    /** A run broke an invariant: exit 3 with the report and the command that runs that run again (if known). */
    static int brokenInvariant(InvariantViolation violation, RunLine rerun, PrintWriter err) {
        err.println("rebalance-sim: internal error: " + violation.report(rerun == null ? null : rerun.text()));
        err.println("rebalance-sim: the simulator broke its own invariant: please report it with the scenario "
                + "file and the command above");
        return INTERNAL_ERROR;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"rebalance-sim " + Version.current()};
        }
    }
}
