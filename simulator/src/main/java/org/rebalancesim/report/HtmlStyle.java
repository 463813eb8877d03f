package org.rebalancesim.report;

/**
 * The style sheet of report.html, inline so the file stands alone. Highlights are also bold or
 * marked so they survive a black-and-white print; a story's table may break across pages (it can run
 * to hundreds of lines).
 */
final class HtmlStyle {

    static final String CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
                   max-width: 1200px; margin: 2em auto; padding: 0 1em; line-height: 1.45; }
            h1 { margin-bottom: 0.2em; }
            h2 { border-bottom: 1px solid #d0d7de; padding-bottom: 0.2em; margin-top: 1.8em; }
            nav a { margin-right: 1em; }
            .description { font-size: 1.1em; }
            table { border-collapse: collapse; margin: 0.8em 0; }
            th, td { border: 1px solid #d0d7de; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
            thead th { background: #f6f8fa; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            td.best { background: #dafbe1; font-weight: bold; }
            td .exact { display: block; font-size: 0.8em; font-weight: normal; color: #59636e; }
            tr.protocol td { font-style: italic; }
            tr.section th { background: #eaeef2; }
            tr.differs td, tr.differs th { background: #fff8c5; }
            tr.differs th::before { content: "\\2260\\00a0"; font-weight: bold; }
            .pass { color: #1a7f37; font-weight: bold; }
            .fail { color: #cf222e; font-weight: bold; }
            code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
            pre { background: #f6f8fa; border: 1px solid #d0d7de; padding: 0.8em; overflow-x: auto; }
            figure { margin: 1.2em 0; }
            figure img { max-width: 100%; height: auto; border: 1px solid #d0d7de; }
            figcaption { font-weight: bold; margin-top: 0.3em; }
            .note { color: #59636e; }
            table.story td.time { white-space: nowrap; }
            section.story h3, p.limits { margin-bottom: 0.3em; }
            p.limits { margin-top: 0; }
            @media print {
              body { max-width: none; margin: 0; font-size: 10pt; }
              nav { display: none; }
              * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
              table, figure, pre, tr { break-inside: avoid; }
              table.story { break-inside: auto; }
              h2, h3 { break-after: avoid; }
              pre { white-space: pre-wrap; overflow-x: visible; }
              th, td { overflow-wrap: anywhere; } /* a SHA-256 or a long path must not widen the page */
            }
            """;

    private HtmlStyle() {
    }
}
