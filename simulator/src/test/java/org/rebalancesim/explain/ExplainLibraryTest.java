package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;

/**
 * Every library scenario can be explained: one line per completed rebalance, lines in time order with
 * their time as mm:ss.SSS (h:mm:ss.SSS from an hour on), and the same text for the same run.
 */
class ExplainLibraryTest {

    static final Pattern LINE = Pattern.compile("(?:\\d+:)?\\d{2}:\\d{2}\\.\\d{3}  \\S.*");

    static List<Path> library() {
        return SimRuns.libraryScenarios().stream().filter(p -> !p.getParent().getFileName().toString()
                .equals("calibration")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("library")
    void everyRebalanceHasOneLineInTimeOrderAndTheTextIsDeterministic(Path file) {
        Scenario scenario = SimRuns.loadFile(file);
        RunResult result = ScenarioRunner.run(scenario, null, SimRuns.MAX_EVENTS);
        List<VariantExplanation> explanations = Explainer.explain(result, scenario);
        for (int i = 0; i < explanations.size(); i++) {
            VariantExplanation story = explanations.get(i);
            VariantResult variant = result.variants().get(i);
            long completed = story.lines().stream().filter(Explanations::isRebalance)
                    .filter(l -> !l.text().contains("not stable when the run ended")).count();
            assertEquals(variant.series().rebalances().size(), completed, file + " " + story.variant());
            for (int j = 1; j < story.lines().size(); j++) {
                assertTrue(story.lines().get(j - 1).atMs() <= story.lines().get(j).atMs(), file + ": time order");
            }
        }
        String text = ExplanationText.render(scenario.name(), scenario.seed(), explanations);
        text.lines().filter(l -> !l.isEmpty() && Character.isDigit(l.charAt(0)))
                .forEach(l -> assertTrue(LINE.matcher(l).matches(), "time format: " + l));
        assertEquals(text, ExplanationText.render(scenario.name(), scenario.seed(), Explainer.explain(result, scenario)));
    }
}
