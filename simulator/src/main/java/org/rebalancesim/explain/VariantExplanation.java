package org.rebalancesim.explain;

import java.util.List;

/**
 * The story of one variant's run, as data: what is rendered as text, and what tests look at.
 *
 * @param protocol e.g. "classic/eager (range)"
 * @param limits   the configured limits that decide the story, in words
 * @param lines    what happened, in time order
 * @param summary  the run's totals from its metrics, in words
 */
public record VariantExplanation(String variant, String protocol, String limits, List<StoryLine> lines,
                                 List<String> summary) {

    public VariantExplanation {
        lines = List.copyOf(lines);
        summary = List.copyOf(summary);
    }

    /** The story's first line: "variant dynamic: classic/eager (range)". */
    public String heading() {
        return "variant " + variant + ": " + protocol;
    }

    /** The line of the limits in force: "limits: session.timeout.ms 10 s, ...". */
    public String limitsLine() {
        return "limits: " + limits;
    }
}
