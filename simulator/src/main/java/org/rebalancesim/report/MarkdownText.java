package org.rebalancesim.report;

import java.util.regex.Pattern;

/**
 * Escaping for GitHub-flavoured Markdown. Scenario names, descriptions and values are user input:
 * they must show as the text they are, never as Markdown or HTML (a {@code <script>} stays visible
 * text, a {@code |} does not split a table cell).
 */
final class MarkdownText {

    /**
     * Characters that are Markdown syntax wherever they stand (with '[' and ']' escaped no link or
     * image can form, so '(' and '!' may stay); CommonMark lets a backslash escape any of them.
     */
    private static final String SYNTAX = "\\`*_[]|~";
    /** What makes a line a heading, a list item or a rule when it stands at the start ('>' is an entity). */
    private static final Pattern MARKER_START = Pattern.compile("^([#+=-])");
    private static final Pattern NUMBERED_START = Pattern.compile("^(\\d+)([.)])");

    private MarkdownText() {
    }

    /** Text inside a line or a table cell: one line, syntax escaped, HTML made into entities. */
    static String text(String raw) {
        StringBuilder out = new StringBuilder();
        for (char c : raw.replaceAll("\\s*\\R\\s*", " ").strip().toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> {
                    if (SYNTAX.indexOf(c) >= 0) {
                        out.append('\\');
                    }
                    out.append(c);
                }
            }
        }
        return out.toString();
    }

    /** Text that starts a line of its own (a paragraph): also escapes what would make it a heading or a list. */
    static String paragraph(String raw) {
        String line = MARKER_START.matcher(text(raw)).replaceFirst("\\\\$1");
        return NUMBERED_START.matcher(line).replaceFirst("$1\\\\$2");
    }

    /**
     * A fenced code block that no content can close early: the fence is longer than any run of
     * backticks inside. Inside it nothing is Markdown, so the lines need no escaping.
     */
    static String codeBlock(String language, String content) {
        String fence = "`".repeat(Math.max(3, longestBacktickRun(content) + 1));
        String body = content.endsWith("\n") ? content : content + "\n";
        return fence + language + "\n" + body + fence + "\n";
    }

    private static int longestBacktickRun(String content) {
        int longest = 0;
        int run = 0;
        for (char c : content.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
