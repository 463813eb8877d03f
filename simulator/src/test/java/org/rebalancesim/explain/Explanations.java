package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/** Helpers of the explanation tests: explain a library scenario's variant, find lines, read times back. */
final class Explanations {

    private static final Pattern CLOCK = Pattern.compile("(?:(\\d+):)?(\\d{2}):(\\d{2})\\.(\\d{3})");

    private Explanations() {
    }

    static Scenario library(String file) {
        return SimRuns.loadFile(SimRuns.scenariosDir().resolve(file));
    }

    static Variant variant(Scenario scenario, String name) {
        return scenario.variants().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    /** Runs one variant of a library scenario and explains it. */
    static VariantExplanation explain(String file, String variant) {
        Scenario scenario = library(file);
        RunResult result = ScenarioRunner.run(scenario, variant, SimRuns.MAX_EVENTS);
        return Explainer.explain(result, scenario).get(0);
    }

    /** A line of a rebalance: it names the generation (classic) or group epoch (consumer protocol) it starts. */
    static boolean isRebalance(StoryLine line) {
        return line.text().contains("→ generation ") || line.text().contains("→ group epoch ");
    }

    static List<StoryLine> rebalancesFrom(VariantExplanation explanation, long fromMs) {
        return explanation.lines().stream().filter(l -> l.atMs() >= fromMs && isRebalance(l)).toList();
    }

    /** The one line at {@code atMs} that starts with {@code start}. */
    static StoryLine line(VariantExplanation explanation, long atMs, String start) {
        List<StoryLine> found = explanation.lines().stream()
                .filter(l -> l.atMs() == atMs && l.text().startsWith(start)).toList();
        assertTrue(found.size() == 1, "one line at " + atMs + " starting '" + start + "': " + explanation.lines());
        return found.get(0);
    }

    /** The time written after {@code words} in {@code text} ("evicted at 02:09.882"), in ms. */
    static long timeAfter(String text, String words) {
        int at = text.indexOf(words);
        assertTrue(at >= 0, "'" + words + "' in: " + text);
        Matcher clock = CLOCK.matcher(text.substring(at + words.length()));
        assertTrue(clock.lookingAt(), "a time after '" + words + "' in: " + text);
        return toMs(clock);
    }

    static long toMs(Matcher clock) {
        long hours = clock.group(1) == null ? 0 : Long.parseLong(clock.group(1));
        return ((hours * 60 + Long.parseLong(clock.group(2))) * 60 + Long.parseLong(clock.group(3))) * 1000
                + Long.parseLong(clock.group(4));
    }

    static Path scenariosDir() {
        return SimRuns.scenariosDir();
    }
}
