package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes scalars so that every YAML reader gets back exactly the value written: a text that a YAML 1.1 reader
 * (SnakeYAML, kubectl, PyYAML) would take for a boolean, a null or a number is quoted ({@code '50'} stays a
 * text, {@code 'on'} is not {@code true}); so is anything with a character that means something in YAML.
 */
final class YamlScalars {

    /** Plain texts are made of these only: no space, colon, comma, bracket, brace, quote or hash. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_/][A-Za-z0-9_./%-]*");
    /** Starting with a digit and made of number characters only: 12, 1.5, 1e3, 1.0.0, 2026-01-01, 1_000. */
    private static final Pattern NUMBER_LIKE = Pattern.compile("[0-9][0-9._eE+-]*");
    /** Hexadecimal, octal and binary integers. */
    private static final Pattern RADIX = Pattern.compile("0[xXoObB].*");
    /** YAML 1.1's booleans and nulls, compared ignoring case. */
    private static final Set<String> SPECIAL_WORDS = Set.of("y", "n", "yes", "no", "on", "off", "true", "false",
            "null");

    private YamlScalars() {
    }

    static String scalar(JsonNode node) {
        if (node.isTextual()) {
            return text(node.textValue());
        }
        if (node.isBoolean() || node.isNumber()) {
            return node.asText();
        }
        throw new IllegalArgumentException("not a scalar: " + node.getNodeType());
    }

    static String text(String value) {
        if (isPlain(value)) {
            return value;
        }
        if (value.chars().noneMatch(YamlScalars::needsEscape)) {
            return "'" + value.replace("'", "''") + "'";
        }
        return doubleQuoted(value);
    }

    private static boolean isPlain(String value) {
        return PLAIN.matcher(value).matches() && !NUMBER_LIKE.matcher(value).matches()
                && !RADIX.matcher(value).matches() && !SPECIAL_WORDS.contains(value.toLowerCase(Locale.ROOT));
    }

    /** What YAML does not allow as it is in a quoted scalar: control characters, line and paragraph separators. */
    private static boolean needsEscape(int c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || c == 0xfeff;
    }

    /** Control characters (a newline, a tab) need a double-quoted scalar's escapes. */
    private static String doubleQuoted(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (needsEscape(c)) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
