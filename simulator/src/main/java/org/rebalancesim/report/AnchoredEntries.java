package org.rebalancesim.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.ReportPage.Column;

/**
 * When each anchored timeline entry ({@code at: {after: stable, plus: 10s}}) ran, or why it never did,
 * per column, in the words of the run's story: the configuration says only what it waits for.
 */
final class AnchoredEntries {

    /** The report's heading of these lines. */
    static final String HEADING = "When the anchored timeline entries ran";

    private AnchoredEntries() {
    }

    /** Column name → its lines, only for the columns that have any (empty for a run without anchors). */
    static Map<String, List<String>> of(ReportPage page) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        for (Column column : page.columns()) {
            List<String> told = lines(column.result());
            if (!told.isEmpty()) {
                lines.put(column.name(), told);
            }
        }
        return lines;
    }

    /** {@code timeline[0] crash {consumer: c1} ran at 37.2 s, 10s after the group settled (at 27.2 s)}. */
    static List<String> lines(VariantResult result) {
        return result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.ANCHORED_OPERATION || e.kind() == StoryKind.ANCHOR_MISSED)
                .map(e -> e.subject() + " " + e.what()).toList();
    }
}
