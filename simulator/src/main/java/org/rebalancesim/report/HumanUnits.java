package org.rebalancesim.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import org.rebalancesim.explain.TimeText;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.Unit;

/**
 * Metric values as a person reads them, for report.html and summary.md (docs/metrics.md, "Values in
 * the reports"): a duration in the words {@code explain} uses ("250 ms", "3.4 s", "1 min 12 s",
 * "28 min"), a count or a number of records with thousands separators ("1,680,000"). Where the words
 * round a duration, the exact value goes with them ("1,680,000 ms"). result.json, metrics.csv and the
 * terminal keep the exact numbers alone: scripts read them.
 */
public final class HumanUnits {

    /** What the reports say under their metrics tables. */
    public static final String NOTE = "Times are simulated; a value rounded for reading, such as 28 min, is followed "
            + "by its exact value, 1,680,000 ms.";

    /**
     * One value for the reports.
     *
     * @param human the value in human units; "" for a missing value
     * @param exact the exact value with its unit where {@code human} rounds or converts it, else ""
     */
    public record Reading(String human, String exact) {

        public boolean rounded() {
            return !exact.isEmpty();
        }
    }

    private HumanUnits() {
    }

    /** A value as result.json stores it ({@link ResultNumbers#rounded}); null reads as "". */
    public static Reading of(Number value, Unit unit) {
        if (value == null) {
            return new Reading("", "");
        }
        BigDecimal exact = ResultNumbers.exact(value);
        return reading(human(exact, unit), exact(exact, unit));
    }

    /** A value of a metric by name, as {@link #of(Number, Unit)}; as result.json has it when no metric has the name. */
    public static Reading of(String metric, Number value) {
        return Metric.find(metric).map(definition -> of(value, definition.unit()))
                .orElseGet(() -> new Reading(ResultNumbers.text(value), ""));
    }

    /** The two texts, the exact one dropped when it says nothing more than the human one. */
    static Reading reading(String human, String exact) {
        return new Reading(human, human.equals(exact) ? "" : exact);
    }

    /** A duration rounded half up to the millisecond, then {@link TimeText#duration}; anything else {@link #grouped}. */
    static String human(BigDecimal value, Unit unit) {
        if (unit != Unit.MS) {
            return grouped(value);
        }
        long ms = value.setScale(0, RoundingMode.HALF_UP).longValueExact();
        return ms < 0 ? "-" + TimeText.duration(-ms) : TimeText.duration(ms);
    }

    /** The exact value, grouped, with " ms" for a duration (a count's unit is in its row). */
    static String exact(BigDecimal value, Unit unit) {
        return grouped(value) + unitSuffix(unit);
    }

    /** " ms" for a duration, "" for a count or records. */
    static String unitSuffix(Unit unit) {
        return unit == Unit.MS ? " ms" : "";
    }

    /** The value with ',' between thousands and its decimals as they are: 1680000 → "1,680,000", 2.346 → "2.346". */
    static String grouped(BigDecimal value) {
        return String.format(Locale.ROOT, "%,." + Math.max(0, value.scale()) + "f", value);
    }
}
