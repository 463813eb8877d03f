package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.run.MigrationScenarios;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;

/**
 * An online upgrade told in the group's own words (docs/kafka-semantics.md §21): rebalances of the classic group
 * start generations, those after its conversion bump the consumer group's epoch, and the rebalance the converting
 * member caused is not told as a join of an empty group (the classic members were taken over).
 */
class MigrationExplainTest {

    @Test
    void roundsAfterTheConversionAreGroupEpochs() {
        List<StoryLine> lines = Explanations.explain("protocol-migration.yaml", "online").lines();
        int converted = indexOf(lines, "classic group converted to a consumer group");
        assertTrue(converted > 0, "the conversion is told: " + lines);
        assertTrue(lines.subList(0, converted).stream().anyMatch(l -> l.text().contains("generation ")),
                "the classic group's rebalances start generations: " + lines.subList(0, converted));
        List<StoryLine> after = lines.subList(converted + 1, lines.size()).stream()
                .filter(l -> l.text().contains(" → ")).toList();
        assertTrue(!after.isEmpty() && after.stream().allMatch(l -> l.text().contains("group epoch")
                && !l.text().contains("generation ")), "after the conversion: " + after);
        String converting = lines.get(converted - 1).text();
        assertTrue(converting.contains("group epoch") && !converting.contains("joined the empty group"), converting);
    }

    /**
     * Four static consumer-protocol pods rolled back to classic, one every 30 s from 2m: c4, the last, stops at 3:30
     * and its join as a classic static member takes the last consumer-protocol member's place, which converts the
     * group back to classic under bidirectional (validateOnlineDowngradeWithReplacedMember); under upgrade it does
     * not, and its departure is told without it.
     */
    @Test
    void theLastPodRolledBackToClassicIsToldConvertingTheGroup() {
        Scenario scenario = SimRuns.load(MigrationScenarios.STATIC_ROLLBACK, "static-rollback");
        List<VariantExplanation> told = Explainer.explain(SimRuns.runScenario(scenario), scenario);
        String converting = "rejoins with its group.instance.id as a classic member in the place of the last"
                + " consumer-protocol member, which converts the group back to classic";
        assertTrue(departure(told.get(0), "c4").contains(converting), departure(told.get(0), "c4"));
        assertTrue(!departure(told.get(0), "c1").contains(converting), departure(told.get(0), "c1"));
        assertTrue(!departure(told.get(1), "c4").contains(converting), departure(told.get(1), "c4"));
    }

    /** The line telling {@code pod}'s stop in the rolling restart. */
    private static String departure(VariantExplanation told, String pod) {
        return told.lines().stream().filter(l -> l.text().contains(pod + " stopped")).findFirst()
                .map(StoryLine::text).orElse("no line tells " + pod + "'s stop: " + told.lines());
    }

    private static int indexOf(List<StoryLine> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).text().contains(text)) {
                return i;
            }
        }
        return -1;
    }
}
