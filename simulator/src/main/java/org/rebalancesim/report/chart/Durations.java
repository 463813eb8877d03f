package org.rebalancesim.report.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Short human durations for labels on charts: "900 ms", "12 s", "15 min", "1.5 h". */
final class Durations {

    private static final Pattern MILLIS = Pattern.compile("\\b(\\d{1,18}) ms\\b");

    private Durations() {
    }

    static String human(long ms) {
        if (ms < 1_000) {
            return ms + " ms";
        }
        if (ms < 120_000) {
            return decimal(ms / 1_000.0) + " s";
        }
        if (ms < 7_200_000) {
            return decimal(ms / 60_000.0) + " min";
        }
        return decimal(ms / 3_600_000.0) + " h";
    }

    /** Rewrites every "12000 ms" in a story line as "12 s", so labels stay short. */
    static String humanize(String text) {
        Matcher m = MILLIS.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(human(Long.parseLong(m.group(1)))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A number with at most one decimal, in the root locale ("1.5", "12"). */
    static String decimal(double value) {
        return new DecimalFormat("0.#", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
    }
}
