package org.rebalancesim.report;

import java.util.List;
import org.rebalancesim.explain.HelpedText;
import org.rebalancesim.report.ReportPage.Column;

/**
 * The "What would have helped" part of report.html, after the story it is derived from: per column, the
 * settings its story's cause chains call for, or a sentence saying that none would have helped.
 */
final class HtmlHelpedSection {

    private HtmlHelpedSection() {
    }

    static void render(Html html, ReportPage page) {
        html.raw("<section id=\"helped\">\n").element("h2", "", HelpedText.HEADING).raw("\n")
                .element("p", "note", HelpedText.NOTE).raw("\n");
        for (Column column : page.columns()) {
            html.element("h3", "", "variant " + column.name()).raw("\n");
            List<String> helped = column.story().helped();
            if (helped.isEmpty()) {
                html.element("p", "", HelpedText.NOTHING).raw("\n");
                continue;
            }
            html.raw("<ul class=\"helped\">\n");
            helped.forEach(item -> html.element("li", "", item).raw("\n"));
            html.raw("</ul>\n");
        }
        html.raw("</section>\n");
    }
}
