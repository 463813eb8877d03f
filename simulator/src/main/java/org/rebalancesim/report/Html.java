package org.rebalancesim.report;

/**
 * Writing report.html: every text goes through {@link #text}, so scenario names, descriptions and
 * YAML (user input) can never become markup. The page is also well-formed XML (void elements are
 * self-closed, only the five XML entities are used), which lets tests read it with a plain XML parser.
 */
final class Html {

    private final StringBuilder out = new StringBuilder();

    /** The text with {@code & < > " '} as entities: safe in element content and in quoted attributes. */
    static String text(String raw) {
        StringBuilder escaped = new StringBuilder(raw.length());
        for (char c : raw.toCharArray()) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** Appends markup written by this code (never user text). */
    Html raw(String markup) {
        out.append(markup);
        return this;
    }

    /** Appends escaped text. */
    Html escaped(String raw) {
        out.append(text(raw));
        return this;
    }

    /** {@code <tag class="cssClass">text</tag>}; no class attribute when {@code cssClass} is empty. */
    Html element(String tag, String cssClass, String raw) {
        out.append('<').append(tag);
        if (!cssClass.isEmpty()) {
            out.append(" class=\"").append(cssClass).append('"');
        }
        out.append('>').append(text(raw)).append("</").append(tag).append('>');
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
