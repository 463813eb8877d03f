package org.rebalancesim.cli;

import java.io.PrintWriter;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.invariant.Checks;
import java.util.function.Supplier;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.run.RecorderView;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;

/** Runs a scenario for a command and turns the run's failures into messages and exit codes. */
final class ScenarioRuns {

    /** @param result the run, or null when it failed with {@code exitCode} (the message is printed) */
    record Outcome(RunResult result, int exitCode) {
    }

    private ScenarioRuns() {
    }

    /** @param progress the command's progress line (erased before anything else is printed) */
    static Outcome run(Scenario scenario, String variant, long maxEvents, Assignors assignors,
                       RunProgressLine progress, PrintWriter err) {
        return run(scenario, variant, maxEvents, assignors, Checks.ALL, progress, err);
    }

    /** @param checks which invariants the run checks as it goes */
    static Outcome run(Scenario scenario, String variant, long maxEvents, Assignors assignors, Checks checks,
                       RunProgressLine progress, PrintWriter err) {
        Attempt<RunResult> attempt = attempt(scenario, () -> ScenarioRunner.run(scenario, variant, maxEvents,
                assignors, checks, RecorderView.AS_MODELLED, progress), progress, err);
        return new Outcome(attempt.result(), attempt.exitCode());
    }

    /** @param runs every seed's run, or null when one failed with {@code exitCode} (the message is printed) */
    record SeedsOutcome(SeedRuns runs, int exitCode) {
    }

    /** The scenario with {@code seeds} seeds from its own ({@link ScenarioRunner#runSeeds}). */
    static SeedsOutcome runSeeds(Scenario scenario, String variant, int seeds, long maxEvents, Assignors assignors,
                                 Checks checks, RunProgressLine progress, PrintWriter err) {
        Attempt<SeedRuns> attempt = attempt(scenario, () -> ScenarioRunner.runSeeds(scenario, variant, seeds,
                maxEvents, assignors, checks, RecorderView.AS_MODELLED, progress), progress, err);
        return new SeedsOutcome(attempt.result(), attempt.exitCode());
    }

    private record Attempt<T>(T result, int exitCode) {
    }

    private static <T> Attempt<T> attempt(Scenario scenario, Supplier<T> running, RunProgressLine progress,
                                          PrintWriter err) {
        try {
            return new Attempt<>(erasingAfter(running, progress), Main.OK);
        } catch (SimulationLimitException e) {
            err.println(scenario.sourceFile() + ": " + e.getMessage());
            return new Attempt<>(null, Main.BAD_INPUT);
        } catch (AssignorException e) {
            return new Attempt<>(null, assignorFailed(scenario, e, err));
        }
    }

    /** The runs, the progress line erased after them however they end, so that what follows starts a clean row. */
    private static <T> T erasingAfter(Supplier<T> running, RunProgressLine progress) {
        try {
            return running.get();
        } finally {
            progress.finish();
        }
    }

    /**
     * A user's assignor that throws is bad input (2): the user's code, not the simulator, needs fixing. So
     * is Kafka's own assignor reaching, on a leader's stale metadata, what the model stops at: the message
     * says what Kafka would do. Otherwise Kafka's own assignors only fail on input Kafka never gives them,
     * so that is a simulator bug (3).
     */
    private static int assignorFailed(Scenario scenario, AssignorException e, PrintWriter err) {
        if (e.isUsersAssignor()) {
            err.println(scenario.sourceFile() + ": " + e.getMessage() + "; the run stopped there: fix the assignor "
                    + "or choose another in " + AssignorCheck.PATH);
            return Main.BAD_INPUT;
        }
        if (e.isBadInput()) {
            err.println(scenario.sourceFile() + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
        err.println("rebalance-sim: internal error: " + scenario.sourceFile() + ": " + e.getMessage()
                + " (please report it with the scenario file and the seed)");
        return Main.INTERNAL_ERROR;
    }
}
