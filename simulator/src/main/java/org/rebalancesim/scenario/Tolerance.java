package org.rebalancesim.scenario;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much worse than its baseline a metric may get before {@code check} fails: a percentage of the
 * baseline ({@code 5%}) or an amount in the metric's unit ({@code 100} records, {@code 2s} for a time
 * metric). The simulator is deterministic, so the default is {@link #EXACT}: any worsening is a real
 * change.
 *
 * @param percent true for a percentage of the baseline, false for an amount in the metric's unit
 * @param amount  the percentage or the amount, never negative
 * @param text    as written, for reports
 */
public record Tolerance(boolean percent, double amount, String text) {

    public static final Tolerance EXACT = new Tolerance(true, 0, "0%");
    public static final String EXAMPLE = "a tolerance like 5% (of the baseline), 100 (in the metric's unit)"
            + " or 2s (time metrics)";

    private static final Pattern PERCENT = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*%\\s*");
    private static final Pattern AMOUNT = Pattern.compile("\\s*[0-9]+(?:\\.[0-9]+)?\\s*");

    /**
     * @param timeMetric whether durations such as {@code 2s} are allowed
     * @return the tolerance, or empty when {@code text} is none of the accepted forms
     */
    public static Optional<Tolerance> parse(String text, boolean timeMetric) {
        Matcher percentage = PERCENT.matcher(text);
        if (percentage.matches()) {
            return Optional.of(new Tolerance(true, Double.parseDouble(percentage.group(1)), text.trim()));
        }
        if (AMOUNT.matcher(text).matches()) {
            return Optional.of(new Tolerance(false, Double.parseDouble(text.trim()), text.trim()));
        }
        if (timeMetric) {
            Optional<BigDecimal> ms = Durations.parseMs(text).filter(value -> value.signum() >= 0);
            return ms.map(value -> new Tolerance(false, value.doubleValue(), text.trim()));
        }
        return Optional.empty();
    }

    /** How much worse {@code actual} may be than {@code baseline} (0 when the baseline is 0 and this is a percentage). */
    public double allowance(double baseline) {
        return percent ? Math.abs(baseline) * amount / 100 : amount;
    }

    @Override
    public String toString() {
        return percent ? String.format(Locale.ROOT, "%s%%", trim(amount)) : text;
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
