package org.rebalancesim.explain;

import java.util.List;

/**
 * The story of one variant's run, as data: what is rendered as text, and what tests look at.
 *
 * @param protocol e.g. "classic/eager (range)"
 * @param limits   the configured limits that decide the story, in words
 * @param lines    what happened, in time order
 * @param summary  the run's totals from its metrics, in words
 * @param helped   what would have helped: settings derived from this run's cause chains and limits, each
 *                 a fact checked against the run (empty when no limit it outgrew could have been moved)
 */
public record VariantExplanation(String variant, String protocol, String limits, List<StoryLine> lines,
                                 List<String> summary, List<String> helped) {

    public VariantExplanation {
        lines = List.copyOf(lines);
        summary = List.copyOf(summary);
        helped = List.copyOf(helped);
    }

    /** The story's first line: "variant dynamic: classic/eager (range)". */
    public String heading() {
        return "variant " + variant + ": " + protocol;
    }

    /** At most {@code max} of its lines, those that tell a chain of causes first ({@link StoryExcerpt}). */
    public StoryExcerpt excerpt(int max) {
        return StoryExcerpt.of(lines, max);
    }

    /** The line of the limits in force: "limits: session.timeout.ms 10 s, ...". */
    public String limitsLine() {
        return "limits: " + limits;
    }
}
