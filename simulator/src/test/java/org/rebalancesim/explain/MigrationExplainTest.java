package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

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

    private static int indexOf(List<StoryLine> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).text().contains(text)) {
                return i;
            }
        }
        return -1;
    }
}
