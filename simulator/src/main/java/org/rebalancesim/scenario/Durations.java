package org.rebalancesim.scenario;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as users write them: {@code 250ms}, {@code 10s}, {@code 1.5s}, {@code 15m}, {@code 2h},
 * {@code 1d}, or a plain number of milliseconds. Parsed with BigDecimal so that "0.1s" is exactly
 * 100 ms and overflow is detected instead of wrapping.
 */
public final class Durations {

    /** What a duration looks like, for messages. */
    public static final String EXAMPLE = "a duration like 250ms, 10s, 15m or 2h (a plain number means ms)";

    private static final Pattern DURATION =
            Pattern.compile("\\s*(-?[0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|h|d)?\\s*");

    private Durations() {
    }

    /** The duration in exact milliseconds (possibly fractional or negative), or empty if malformed. */
    public static Optional<BigDecimal> parseMs(String text) {
        Matcher matcher = DURATION.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        BigDecimal amount = new BigDecimal(matcher.group(1));
        String unit = matcher.group(2) == null ? "ms" : matcher.group(2);
        return Optional.of(amount.multiply(BigDecimal.valueOf(unitMs(unit))));
    }

    private static long unitMs(String unit) {
        return switch (unit) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            case "d" -> 86_400_000;
            default -> throw new IllegalArgumentException("unit " + unit);
        };
    }

    /** The largest unit that divides {@code ms} exactly: 1800000 → "30m", 1500 → "1500ms". */
    public static String format(long ms) {
        if (ms == 0) {
            return "0ms";
        }
        String[] units = {"d", "h", "m", "s"};
        for (String unit : units) {
            long size = unitMs(unit);
            if (ms % size == 0) {
                return String.format(Locale.ROOT, "%d%s", ms / size, unit);
            }
        }
        return String.format(Locale.ROOT, "%dms", ms);
    }
}
