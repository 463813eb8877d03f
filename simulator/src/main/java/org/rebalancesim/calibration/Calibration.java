package org.rebalancesim.calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * A scenario simulated over {@code simulatedSeeds} seeds, then measured on real Kafka {@code repeat}
 * times per variant, and each variant's metrics compared, spread against spread ({@link Comparison}).
 * The only part of calibrate that runs anything; the CLI parses, prints and writes.
 */
public final class Calibration {

    /** Where the simulated side's start-ups (JVM starts, warm-ups, closes, exits, cold first work) come from. */
    public enum Startups {
        /** Fitted to the measured runs ({@link MeasuredStartup}): the default. */
        FITTED,
        /** The scenario's own startup: values ({@code --scenario-startup}). */
        SCENARIO,
        /** Fitted, but each seed launches its pods as one measured run did ({@link StartupReplay}). */
        REPLAYED
    }

    /**
     * @param bootstrapServer an existing cluster, or null for an embedded broker
     * @param repeat          runs per variant (the measured value is their median)
     * @param tolerancePct    relative tolerance of times, in percent
     * @param outDir          the report directory: runs go to {@code outDir/<scenario>/<variant>/run-<i>}
     * @param simulatedSeeds  seeds the simulation runs per variant: the scenario's seed and the next ones
     * @param startups        where the simulated start-ups come from
     */
    public record Settings(String bootstrapServer, TimeScale timeScale, int repeat, double tolerancePct, Path outDir,
                           int simulatedSeeds, boolean brokerRequestLog, Startups startups) {
        /** The largest --seeds: simulating is cheap next to measuring, but a typo should not run for hours. */
        public static final int MAX_SIMULATED_SEEDS = 1000;

        public Settings {
            if (brokerRequestLog && bootstrapServer != null) {
                throw new CalibrationException("--broker-request-log is for the embedded broker: with"
                        + " --bootstrap-server " + bootstrapServer + " the cluster's own logging applies"
                        + " (kafka.request.logger at DEBUG there); drop one of the two");
            }
            if (repeat < 1) {
                throw new CalibrationException("--repeat must be at least 1, not " + repeat);
            }
            if (simulatedSeeds < 1 || simulatedSeeds > MAX_SIMULATED_SEEDS) {
                throw new CalibrationException("--seeds must be 1 to " + MAX_SIMULATED_SEEDS + ", not " + simulatedSeeds);
            }
            if (!(tolerancePct >= 0) || Double.isInfinite(tolerancePct)) {
                throw new CalibrationException("--tolerance must be a percentage of 0 or more, not " + tolerancePct);
            }
        }
    }

    /**
     * @param simulated      the run of the scenario's own seed (the charts draw it)
     * @param simulatedSeeds every simulated seed's run, the first being {@code simulated}
     * @param measured       per compared variant, each run's measured result (in run order)
     * @param startups       per compared variant, the start-up its simulation used: "the scenario's", or what
     *                       the measured runs had ({@link MeasuredStartup#describe})
     * @param observed       per compared variant, how its simulation was observed where that differs from
     *                       the model's own metrics ({@link WorkerView#describe}), else ""
     */
    public record Outcome(Settings settings, RunResult simulated, SeedRuns simulatedSeeds,
                          List<List<VariantResult>> measured, List<Comparison> comparisons, List<String> startups,
                          List<String> observed) {
        public Outcome {
            measured = List.copyOf(measured);
            comparisons = List.copyOf(comparisons);
            startups = List.copyOf(startups);
            observed = List.copyOf(observed);
        }

        public boolean passed() {
            return comparisons.stream().allMatch(Comparison::passed);
        }
    }

    private Calibration() {
    }

    /** Every line of what {@code source} cannot replay in the selected variants ("variant: problem"). */
    public static List<String> unsupported(Scenario scenario, String onlyVariant, MeasurementSource source) {
        List<String> problems = new ArrayList<>();
        for (Variant variant : scenario.selectedVariants(onlyVariant)) {
            source.unsupported(variant).forEach(problem -> problems.add("variant " + variant.name() + ": " + problem));
        }
        return problems;
    }

    /**
     * Measures each variant, then simulates it (with the start-up its runs had, unless the settings say the
     * scenario's) and compares.
     *
     * @param assignors where the simulated members get their assignors (built-in, or a user's jars)
     * @param progress  told one line before each measured run
     * @throws CalibrationException when a measurement cannot run (bad input or environment)
     * @throws Exception            whatever else the source throws
     */
    public static Outcome run(Scenario scenario, String onlyVariant, MeasurementSource source, Settings settings,
                              Assignors assignors, Consumer<String> progress) throws Exception {
        if (scenario.seed() > Long.MAX_VALUE - settings.simulatedSeeds()) {
            throw new CalibrationException("seed " + scenario.seed() + " + " + settings.simulatedSeeds()
                    + " seeds passes the largest seed; lower seed: in the file or --seeds");
        }
        List<Variant> variants = scenario.selectedVariants(onlyVariant);
        List<List<VariantResult>> measured = new ArrayList<>();
        List<SeedRuns> simulated = new ArrayList<>();
        List<Comparison> comparisons = new ArrayList<>();
        List<String> startups = new ArrayList<>();
        List<String> observed = new ArrayList<>();
        for (Variant variant : variants) {
            List<VariantResult> runs = new ArrayList<>();
            List<Map<String, Number>> metrics = new ArrayList<>();
            List<List<MeasuredEvent>> logs = new ArrayList<>();
            for (int i = 1; i <= settings.repeat(); i++) {
                progress.accept(source.progress() + " " + scenario.name() + ", variant " + variant.name() + ", run " + i
                        + " of " + settings.repeat());
                Path runDir = settings.outDir().resolve(scenario.name()).resolve(variant.name()).resolve("run-" + i);
                CalibrationOptions options = new CalibrationOptions(settings.bootstrapServer(), settings.timeScale(),
                        runDir, i, scenario.seed(), settings.brokerRequestLog());
                List<MeasuredEvent> events = source.measure(variant, options);
                logs.add(events);
                VariantResult result = MeasuredMetrics.compute(variant, events);
                runs.add(result);
                metrics.add(result.metrics());
            }
            SeedRuns seeds;
            if (settings.startups() == Startups.SCENARIO) {
                startups.add("the scenario's startup: values (--scenario-startup)");
                seeds = simulate(scenario, variant, settings, assignors, List.of(variant));
            } else {
                MeasuredStartup startup = MeasuredStartup.of(variant, logs);
                Variant fitted = startup.applyTo(variant);
                if (settings.startups() == Startups.REPLAYED) {
                    startups.add("replayed from the runs (--replay-startups): seed i launches its pods as run"
                            + " (i mod " + logs.size() + ") + 1 did; " + startup.describe(variant));
                    seeds = simulate(scenario, variant, settings, assignors, logs.stream()
                            .map(run -> StartupReplay.applyTo(fitted, StartupReplay.of(variant, run))).toList());
                } else {
                    startups.add("measured in the runs: " + startup.describe(variant));
                    seeds = simulate(scenario, variant, settings, assignors, List.of(fitted));
                }
            }
            simulated.add(seeds);
            observed.add(WorkerView.describe(variant));
            measured.add(runs);
            comparisons.add(Comparison.of(variant, seeds.variant(0), metrics, settings.tolerancePct()));
        }
        SeedRuns seeds = joined(simulated);
        return new Outcome(settings, seeds.first(), seeds, measured, comparisons, startups, observed);
    }

    /**
     * The variant simulated over the settings' seeds, seed i (from 0) as {@code simulated} (i mod its size)
     * says; one seed at a time where they differ, as a seed's run depends only on its seed and variant.
     */
    private static SeedRuns simulate(Scenario scenario, Variant variant, Settings settings, Assignors assignors,
                                     List<Variant> simulated) throws Exception {
        if (simulated.size() == 1) {
            return ScenarioRunner.runSeeds(scenario.withOnly(simulated.get(0)), null,
                    settings.simulatedSeeds(), ScenarioRunner.DEFAULT_MAX_EVENTS, assignors, Checks.ALL,
                    WorkerView.of(variant));
        }
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < settings.simulatedSeeds(); i++) {
            Scenario seeded = scenario.withOnly(simulated.get(i % simulated.size())).withSeed(scenario.seed() + i);
            runs.add(ScenarioRunner.runSeeds(seeded, null, 1, ScenarioRunner.DEFAULT_MAX_EVENTS, assignors,
                    Checks.ALL, WorkerView.of(variant)).first());
        }
        return new SeedRuns(scenario.seed(), runs);
    }

    /** One seed run per seed holding every variant, from one SeedRuns per variant (same seeds). */
    private static SeedRuns joined(List<SeedRuns> perVariant) {
        SeedRuns first = perVariant.get(0);
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < first.runs().size(); i++) {
            RunResult run = first.runs().get(i);
            List<VariantResult> variants = new ArrayList<>();
            for (SeedRuns seeds : perVariant) {
                variants.add(seeds.runs().get(i).variants().get(0));
            }
            runs.add(new RunResult(run.scenario(), run.sourceFile(), run.seed(), run.simulatorVersion(),
                    run.scenarioSha256(), variants));
        }
        return new SeedRuns(first.firstSeed(), runs);
    }
}
