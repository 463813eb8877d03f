package org.rebalancesim.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Numbers in sweep files: rounded to 3 decimals (a microsecond, for times in ms), trailing zeros
 * dropped, never in exponent form, so 1637035.0 is written 1637035 and the bytes are the same on
 * every machine.
 */
public final class Decimals {

    private static final int SCALE = 3;

    private Decimals() {
    }

    public static BigDecimal rounded(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(SCALE, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return rounded.signum() == 0 ? BigDecimal.ZERO : rounded;
    }

    /** The rounded value as plain text; an absent value (null) as "". */
    public static String text(Double value) {
        return value == null ? "" : rounded(value).toPlainString();
    }
}
