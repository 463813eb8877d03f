package org.rebalancesim.run;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.invariant.InvariantViolation;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/** Runs a scenario's variants one after another, each in a world of its own, all with the scenario's seed. */
public final class ScenarioRunner {

    /** The default bound on events per variant: far above any sane scenario, low enough to stop a loop. */
    public static final long DEFAULT_MAX_EVENTS = 200_000_000L;

    private ScenarioRunner() {
    }

    /** Runs with Kafka's built-in assignors only. */
    public static RunResult run(Scenario scenario, String onlyVariant, long maxEvents) {
        return run(scenario, onlyVariant, maxEvents, Assignors.builtIn());
    }

    /**
     * @param onlyVariant a variant name, or null for all of them
     * @param assignors   where members get their assignors (built-in, or with user jars)
     */
    public static RunResult run(Scenario scenario, String onlyVariant, long maxEvents, Assignors assignors) {
        return run(scenario, onlyVariant, maxEvents, assignors, Checks.ALL);
    }

    /**
     * @param checks which invariant checks run alongside ({@link Checks#ALL} unless asked otherwise)
     * @throws org.rebalancesim.engine.SimulationLimitException when a variant's estimated events are over
     *                            {@code maxEvents} ({@link EventBudget}), before anything runs
     * @throws InvariantViolation when the model broke an invariant: a simulator bug, with the command
     *                            that reproduces it
     */
    public static RunResult run(Scenario scenario, String onlyVariant, long maxEvents, Assignors assignors,
                                Checks checks) {
        return run(scenario, onlyVariant, maxEvents, assignors, checks, RecorderView.AS_MODELLED);
    }

    /** @param view what each variant's recorder hears of the model's events (a fresh view per run) */
    public static RunResult run(Scenario scenario, String onlyVariant, long maxEvents, Assignors assignors,
                                Checks checks, RecorderView view) {
        return run(scenario, onlyVariant, maxEvents, assignors, checks, view, RunProgress.NONE);
    }

    /** @param progress told as each variant starts, and hears how far it is (it cannot change the run) */
    public static RunResult run(Scenario scenario, String onlyVariant, long maxEvents, Assignors assignors,
                                Checks checks, RecorderView view, RunProgress progress) {
        List<Variant> selected = withinBudget(scenario, onlyVariant, maxEvents);
        return runVariants(scenario, selected, maxEvents, assignors, checks, view,
                new Numbering(progress, 0, selected.size(), false));
    }

    /** The selected variants, once each one's estimated events are known to be within the bound ({@link EventBudget}). */
    private static List<Variant> withinBudget(Scenario scenario, String onlyVariant, long maxEvents) {
        List<Variant> selected = scenario.selectedVariants(onlyVariant);
        for (Variant variant : selected) {
            EventBudget.check(variant, maxEvents);
        }
        return selected;
    }

    /** Which runs of the command these are, for the progress line: the first one's number, the total. */
    private record Numbering(RunProgress progress, int before, int total, boolean showSeed) {

        Simulation.Progress start(Scenario scenario, Variant variant, int index) {
            String label = scenario.name() + "/" + variant.name() + (showSeed ? " seed " + scenario.seed() : "");
            return progress.started(new RunProgress.Run(label, before + index + 1, total, variant.durationMs()));
        }
    }

    private static RunResult runVariants(Scenario scenario, List<Variant> selected, long maxEvents, Assignors assignors,
                                         Checks checks, RecorderView view, Numbering numbering) {
        List<VariantResult> results = new ArrayList<>();
        for (int i = 0; i < selected.size(); i++) {
            Variant variant = selected.get(i);
            try {
                VariantRun run = new VariantRun(variant, scenario.seed(), maxEvents, assignors, checks, view, null);
                run.reportProgress(numbering.start(scenario, variant, i));
                results.add(run.run());
            } catch (InvariantViolation e) {
                throw e.during(scenario.sourceFile(), variant.name(), scenario.seed());
            }
        }
        return new RunResult(scenario.name(), scenario.sourceFile(), scenario.seed(), Version.current(),
                scenario.sha256(), results);
    }

    /**
     * Runs the scenario once per seed: its seed and the next {@code seeds - 1} ones, as sweep numbers
     * them, one after another; each run is the run of {@link #run} with that seed, so any of them can
     * be run alone with {@code --seed}.
     *
     * @param seeds at least one; the caller checks that the last seed does not pass Long.MAX_VALUE
     */
    public static SeedRuns runSeeds(Scenario scenario, String onlyVariant, int seeds, long maxEvents,
                                    Assignors assignors, Checks checks) {
        return runSeeds(scenario, onlyVariant, seeds, maxEvents, assignors, checks, RecorderView.AS_MODELLED);
    }

    /** {@link #runSeeds} with what each run's recorder hears of the model's events. */
    public static SeedRuns runSeeds(Scenario scenario, String onlyVariant, int seeds, long maxEvents,
                                    Assignors assignors, Checks checks, RecorderView view) {
        return runSeeds(scenario, onlyVariant, seeds, maxEvents, assignors, checks, view, RunProgress.NONE);
    }

    /** {@link #runSeeds} told to {@code progress}: each run is named with its seed and counted among all. */
    public static SeedRuns runSeeds(Scenario scenario, String onlyVariant, int seeds, long maxEvents,
                                    Assignors assignors, Checks checks, RecorderView view, RunProgress progress) {
        List<Variant> selected = withinBudget(scenario, onlyVariant, maxEvents);
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            Numbering numbering = new Numbering(progress, i * selected.size(), seeds * selected.size(), true);
            runs.add(runVariants(scenario.withSeed(scenario.seed() + i), selected, maxEvents, assignors, checks, view,
                    numbering));
        }
        return new SeedRuns(scenario.seed(), runs);
    }
}
