package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.report.EffectiveConfig.Section;
import org.rebalancesim.report.EffectiveConfig.Setting;
import org.rebalancesim.report.ReportPage.Column;

/**
 * The configuration part of report.html: every setting of every column, grouped by section, the
 * rows whose values differ highlighted, then each column's differences against the first as lines.
 */
final class HtmlConfigSection {

    private HtmlConfigSection() {
    }

    static void render(Html html, ReportPage page) {
        List<EffectiveConfig> configs = page.configs();
        Set<String> differing = ConfigDiff.differingKeys(configs);
        html.raw("<section id=\"configuration\">\n<h2>Configuration</h2>\n")
                .raw("<p class=\"note\">Every setting each column ran with, defaults included: Kafka's consumer and ")
                .raw("broker configs under their Kafka names, everything else under its path in the scenario file. ")
                .raw(page.columns().size() > 1 ? "Settings that differ between columns are highlighted and marked "
                        + "&#8800;." : "").raw("</p>\n");
        html.raw("<table class=\"config\">\n<thead><tr><th>setting</th>");
        page.columns().forEach(column -> html.element("th", "", column.name()));
        html.raw("</tr></thead>\n<tbody>\n");
        bySection(configs).forEach((section, keys) -> {
            if (keys.isEmpty()) {
                return;
            }
            html.raw("<tr class=\"section\"><th colspan=\"" + (configs.size() + 1) + "\">")
                    .escaped(section.heading()).raw("</th></tr>\n");
            for (String key : keys) {
                html.raw(differing.contains(key) ? "<tr class=\"differs\">" : "<tr>").element("th", "", key);
                configs.forEach(config -> html.element("td", "", config.valueOf(key)));
                html.raw("</tr>\n");
            }
        });
        html.raw("</tbody>\n</table>\n");
        anchoredEntries(html, page);
        differences(html, page);
        html.raw("</section>\n");
    }

    private static void anchoredEntries(Html html, ReportPage page) {
        Map<String, List<String>> byColumn = AnchoredEntries.of(page);
        if (byColumn.isEmpty()) {
            return;
        }
        html.element("h3", "", AnchoredEntries.HEADING).raw("\n");
        byColumn.forEach((column, lines) -> html.element("h4", "", column).raw("\n")
                .raw("<pre class=\"anchored\">").escaped(String.join("\n", lines)).raw("</pre>\n"));
    }

    private static void differences(Html html, ReportPage page) {
        if (page.columns().size() < 2) {
            return;
        }
        Column first = page.columns().get(0);
        html.raw("<h3>Differences against ").escaped(first.name()).raw("</h3>\n");
        for (Column column : page.columns().subList(1, page.columns().size())) {
            List<String> lines = ConfigDiff.lines(first.config(), column.config());
            html.element("h4", "", column.name()).raw("\n");
            if (lines.isEmpty()) {
                html.raw("<p>Same configuration as ").escaped(first.name()).raw(".</p>\n");
            } else {
                html.raw("<pre class=\"diff\">").escaped(String.join("\n", lines)).raw("</pre>\n");
            }
        }
    }

    /** Every key of every configuration under its section, in order of first appearance. */
    private static Map<Section, List<String>> bySection(List<EffectiveConfig> configs) {
        Map<Section, List<String>> keys = new LinkedHashMap<>();
        for (Section section : Section.values()) {
            keys.put(section, new ArrayList<>());
        }
        for (EffectiveConfig config : configs) {
            for (Setting setting : config.settings()) {
                List<String> sectionKeys = keys.get(setting.section());
                if (!sectionKeys.contains(setting.key())) {
                    sectionKeys.add(setting.key());
                }
            }
        }
        return keys;
    }
}
