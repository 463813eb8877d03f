package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/**
 * Randomized runs: every generated scenario (see {@link ScenarioGenerator}) must load, finish within its
 * event bound, keep every invariant with all checks on, and (one case in four, chosen by its seed) give
 * byte-identical result.json when run again. Which cases run is a {@link FuzzRun}: 120 in the default
 * build, {@code mvn -B -Pfuzz verify} runs 10,000. A failing case is shrunk ({@link ScenarioShrinker}) and
 * saved under src/test/resources/regressions/, where {@link RegressionScenariosTest} runs it from then on;
 * the failure names the file and the command that runs the case again.
 */
class GeneratedScenariosTest {

    /**
     * A 4-minute scenario of 6 pods needs well under a million events; a loop is stopped here. The budget
     * is also checked against the run's estimate before it starts, an upper bound: the heaviest generated
     * cases (8 minutes of 4 pods at 800 records/s with a commitSync per batch) are estimated at 5.2 million
     * events and simulate 2.3 million.
     */
    static final long MAX_EVENTS = 10_000_000;
    /** Each shrinking run is a simulation of a fraction of a second: this bounds a shrink to a minute or so. */
    static final int MAX_SHRINK_RUNS = 500;

    /** The figures of a run, for the record (the long run's are in the README). */
    private static final class Tally {
        private final long startedMs = System.currentTimeMillis();
        private long clean;
        private long events;

        @Override
        public String toString() {
            return "generated scenarios: " + clean + " run clean, " + events + " events simulated, "
                    + (System.currentTimeMillis() - startedMs) / 1000 + " s";
        }
    }

    @TestFactory
    Stream<DynamicTest> everyGeneratedScenarioKeepsItsInvariantsAndItsBytes() {
        FuzzRun run = FuzzRun.fromSystemProperties();
        System.out.println(run.banner());
        Tally tally = new Tally();
        return run.caseIndexes()
                .mapToObj(index -> DynamicTest.dynamicTest("case " + index, () -> runCase(run, index, tally)))
                .onClose(() -> System.out.println(tally));
    }

    private static void runCase(FuzzRun run, int index, Tally tally) throws ScenarioException {
        GeneratedScenario generated = ScenarioGenerator.generate(ScenarioGenerator.caseSeed(run.rootSeed(), index));
        String reproduce = "reproduce: " + run.reproduceCommand(index);
        Optional<Throwable> failure;
        try {
            failure = failure(generated, tally);
        } catch (ScenarioException e) {
            // The generator's bug, not the model's: nothing to shrink or keep as a regression.
            throw new AssertionError("case " + index + ": the generator wrote a scenario that does not load: "
                    + e.getMessage() + "\n" + generated.yaml() + reproduce, e);
        }
        if (failure.isEmpty()) {
            return;
        }
        Throwable original = failure.get();
        ScenarioShrinker.Shrunk shrunk = ScenarioShrinker.shrink(generated,
                candidate -> failsLike(original, candidate), MAX_SHRINK_RUNS);
        // Run the shrunk scenario once more for its own message, which names the file it is saved as.
        String shrunkFailure = failure(shrunk.scenario(), null).map(Throwable::getMessage)
                .orElse("(passed when run again)");
        Path saved = SaveShrunkScenario.save(shrunk.scenario(), shrunkFailure + "\n" + reproduce);
        throw new AssertionError("case " + index + " of root seed " + run.rootSeed() + " failed: " + original.getMessage()
                + "\nshrunk in " + shrunk.steps() + " steps (" + shrunk.runs() + " runs) from "
                + generated.operations().size() + " timeline entries and " + generated.faults().size() + " faults to "
                + shrunk.scenario().operations().size() + " and " + shrunk.scenario().faults().size() + ": " + shrunkFailure
                + "\nsaved as " + saved + " (RegressionScenariosTest runs it once it is committed)"
                + "\n" + reproduce, original);
    }

    /** Whether a shrinking candidate still fails as the original did; one that does not load does not. */
    private static boolean failsLike(Throwable original, GeneratedScenario candidate) {
        try {
            return failure(candidate, null).filter(other -> sameFailure(original, other)).isPresent();
        } catch (ScenarioException e) {
            return false;
        }
    }

    /**
     * Runs one scenario as the test does; empty when it passes, else what it threw. Counts a clean run in
     * {@code tally}, if any.
     */
    private static Optional<Throwable> failure(GeneratedScenario generated, Tally tally) throws ScenarioException {
        Scenario scenario = ScenarioLoader.fromText(generated.yaml(), SaveShrunkScenario.displayName(generated));
        try {
            long events = check(generated, scenario);
            if (tally != null) {
                tally.clean++;
                tally.events += events;
            }
            return Optional.empty();
        } catch (RuntimeException | AssertionError e) {
            return Optional.of(e);
        }
    }

    /** @return the events simulated */
    private static long check(GeneratedScenario generated, Scenario scenario) {
        RunResult result = ScenarioRunner.run(scenario, null, MAX_EVENTS, Assignors.builtIn(), Checks.ALL);
        if (generated.seed() % 4 == 0) {
            RunResult again = ScenarioRunner.run(scenario, null, MAX_EVENTS, Assignors.builtIn(), Checks.ALL);
            assertEquals(JsonReport.render(result), JsonReport.render(again), "same file and seed, other bytes");
        }
        return result.variants().stream().mapToLong(VariantResult::eventsSimulated).sum();
    }

    /** A shrink keeps only candidates that fail as the original did: the same exception, the same invariant. */
    static boolean sameFailure(Throwable original, Throwable other) {
        if (original.getClass() != other.getClass()) {
            return false;
        }
        return !(original instanceof InvariantViolation violation)
                || violation.invariant() == ((InvariantViolation) other).invariant();
    }
}
