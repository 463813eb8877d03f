package org.rebalancesim.explain;

import java.util.List;

/**
 * Renders explanations as plain text: a header per variant, one line per event, then the totals; after the
 * stories, what would have helped each variant. report.html shows the same lines ({@code report.HtmlStorySection},
 * {@code report.HtmlHelpedSection}).
 */
public final class ExplanationText {

    /** Between a line's time and its words. */
    private static final String GAP = "  ";

    private ExplanationText() {
    }

    public static String render(String scenario, long seed, List<VariantExplanation> variants) {
        return render(scenario + " (seed " + seed + ")", variants);
    }

    /** As above under another first line: the typical runs of a multi-seed run have a seed each. */
    public static String render(String title, List<VariantExplanation> variants) {
        StringBuilder text = new StringBuilder();
        text.append(title).append('\n');
        for (VariantExplanation variant : variants) {
            text.append('\n');
            text.append(variant.heading()).append('\n');
            text.append(variant.limitsLine()).append('\n');
            for (StoryLine line : variant.lines()) {
                text.append(line.clock()).append(GAP).append(line.text()).append('\n');
            }
            variant.summary().forEach(line -> text.append(line).append('\n'));
        }
        helped(text, variants);
        return text.toString();
    }

    /** The items of each variant as report.html and summary.md list them, with the same heading and note. */
    private static void helped(StringBuilder text, List<VariantExplanation> variants) {
        text.append('\n').append(HelpedText.HEADING).append('\n').append(HelpedText.NOTE).append('\n');
        for (VariantExplanation variant : variants) {
            text.append('\n').append("variant ").append(variant.variant()).append(":\n");
            if (variant.helped().isEmpty()) {
                text.append(HelpedText.NOTHING).append('\n');
            }
            variant.helped().forEach(item -> text.append("- ").append(item).append('\n'));
        }
    }
}
