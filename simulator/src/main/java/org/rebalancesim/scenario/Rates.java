package org.rebalancesim.scenario;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Rates as users write them: {@code 50/s}, {@code 3000/m}, {@code 10/h}, or a plain number per second. */
public final class Rates {

    /** What a rate looks like, for messages. */
    public static final String EXAMPLE = "a rate like 50/s or 3000/m (a plain number means per second)";

    private static final Pattern RATE =
            Pattern.compile("\\s*(-?[0-9]+(?:\\.[0-9]+)?)\\s*(?:/\\s*(s|m|h|d))?\\s*");

    private Rates() {
    }

    /** Events per second (possibly negative; callers check the sign), or empty if malformed. */
    public static Optional<Double> parsePerSecond(String text) {
        Matcher matcher = RATE.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        double amount = Double.parseDouble(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        double seconds = switch (unit) {
            case "s" -> 1;
            case "m" -> 60;
            case "h" -> 3_600;
            default -> 86_400;
        };
        return Optional.of(amount / seconds);
    }
}
