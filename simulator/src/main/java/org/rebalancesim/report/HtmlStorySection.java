package org.rebalancesim.report;

import java.util.Locale;
import org.rebalancesim.explain.StoryExcerpt;
import org.rebalancesim.explain.StoryLine;
import org.rebalancesim.explain.VariantExplanation;
import org.rebalancesim.report.ReportPage.Column;

/**
 * The story part of report.html: each column's run told in the lines {@code explain} prints (its
 * heading, its limits, each timed line, the summary and the expect: line), rendered from the same
 * {@link VariantExplanation}, so the page and the command never tell two stories. It comes before the
 * metrics: a reader learns what happened before reading the figures. A long story is shortened to
 * {@link #MAX_LINES} lines per variant ({@link StoryExcerpt}: the chains of causes first), so the page
 * stays readable and its size bounded; story.txt.gz beside it has every line.
 */
final class HtmlStorySection {

    /** The most timed lines a variant's story shows on the page; every scenario of the library fits. */
    static final int MAX_LINES = 200;

    private HtmlStorySection() {
    }

    static void render(Html html, ReportPage page) {
        html.raw("<section id=\"story\">\n<h2>What happened</h2>\n")
                .raw("<p class=\"note\">Each variant's run in time order, the lines <code>explain</code> prints: ")
                .raw("each rebalance with the chain of causes behind it, checked against the limits in force, the ")
                .raw("faults that caused none and why, then the totals.");
        if (page.seedRuns() != null) {
            html.raw(" ").escaped(SeedNotes.stories(page.seedRuns()));
        }
        html.raw("</p>\n");
        for (Column column : page.columns()) {
            story(html, column.story());
        }
        html.raw("</section>\n");
    }

    private static void story(Html html, VariantExplanation story) {
        html.raw("<section class=\"story\">\n").element("h3", "", story.heading()).raw("\n")
                .element("p", "limits", story.limitsLine()).raw("\n");
        StoryExcerpt excerpt = story.excerpt(MAX_LINES);
        if (!excerpt.whole()) {
            html.element("p", "note", shortened(excerpt, story.lines().size())).raw("\n");
        }
        if (!excerpt.lines().isEmpty()) {
            html.raw("<table class=\"story\">\n<thead><tr><th>time</th><th>what happened</th></tr></thead>\n<tbody>\n");
            for (StoryLine line : excerpt.lines()) {
                html.raw("<tr><td class=\"time\"><code>").escaped(line.clock()).raw("</code></td>")
                        .element("td", "", line.text()).raw("</tr>\n");
            }
            html.raw("</tbody>\n</table>\n");
        }
        html.raw("<ul class=\"summary\">\n");
        story.summary().forEach(line -> html.element("li", "", line).raw("\n"));
        html.raw("</ul>\n</section>\n");
    }

    /** What a shortened story leaves out, and where it is. */
    static String shortened(StoryExcerpt excerpt, int total) {
        return String.format(Locale.ROOT, "%,d of %,d lines shown: those that tell a rebalance or a removal and its "
                + "causes first, then the earliest others. The %,d more lines are in %s beside this page (the text "
                + "explain prints; open it with zcat or gunzip).", excerpt.lines().size(), total, excerpt.omitted(),
                StoryFile.NAME);
    }
}
