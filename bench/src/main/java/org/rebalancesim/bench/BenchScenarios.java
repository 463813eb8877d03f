package org.rebalancesim.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/** The scenarios the benchmarks run: the library's (from the checkout) and the bench's own (resources). */
final class BenchScenarios {

    private BenchScenarios() {
    }

    /** A library scenario, {@code scenarios/<name>} under -Dbench.root (default: the working directory). */
    static Scenario library(String name) {
        Path file = Path.of(System.getProperty("bench.root", "."), "scenarios", name);
        try {
            return ScenarioLoader.load(file);
        } catch (ScenarioException e) {
            throw new IllegalStateException(file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    /** A bench scenario from the jar's resources, its placeholders replaced (pairs: placeholder, value). */
    static Scenario bench(String name, String... replacements) {
        String yaml = resource(name);
        for (int i = 0; i + 1 < replacements.length; i += 2) {
            yaml = yaml.replace(replacements[i], replacements[i + 1]);
        }
        try {
            return ScenarioLoader.fromText(yaml, name);
        } catch (ScenarioException e) {
            throw new IllegalStateException(name + ": " + e.getMessage(), e);
        }
    }

    static String resource(String name) {
        try (InputStream in = BenchScenarios.class.getResourceAsStream("/bench/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no bench scenario " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs every variant; returns the events run in all. */
    static long run(Scenario scenario) {
        RunResult result = ScenarioRunner.run(scenario, null, ScenarioRunner.DEFAULT_MAX_EVENTS);
        long events = 0;
        for (VariantResult variant : result.variants()) {
            events += variant.eventsSimulated();
        }
        return events;
    }

    /** Simulated time of a whole run: the durations of every variant, in ms. */
    static long simulatedMs(Scenario scenario) {
        return scenario.variants().stream().mapToLong(Variant::durationMs).sum();
    }
}
