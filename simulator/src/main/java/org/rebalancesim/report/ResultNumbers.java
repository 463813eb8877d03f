package org.rebalancesim.report;

import java.math.BigDecimal;

/**
 * Numbers exactly as result.json writes them, so every report shows the same text for the same value:
 * whole numbers as they are, fractions rounded to three decimals and printed by {@link Double#toString}
 * (what Jackson writes), a missing value as the empty text.
 */
public final class ResultNumbers {

    private ResultNumbers() {
    }

    /** The value result.json stores: a Long, a Double rounded to 3 decimals, or null. */
    public static Number rounded(Number value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Double || value instanceof Float) {
            return Math.round(value.doubleValue() * 1000) / 1000.0;
        }
        return value.longValue();
    }

    /** The value as an exact decimal, for comparisons that must not depend on the number's type. */
    static BigDecimal exact(Number value) {
        return new BigDecimal(rounded(value).toString());
    }

    /** The text result.json has for {@code value}; "" for null. */
    public static String text(Number value) {
        Number rounded = rounded(value);
        return rounded == null ? "" : rounded.toString();
    }
}
