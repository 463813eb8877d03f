package org.rebalancesim.explain;

import java.util.Locale;

/** Simulated times and durations in words, the same on every machine (Locale.ROOT, integer arithmetic). */
public final class TimeText {

    private static final long SECOND_MS = 1000;
    private static final long MINUTE_MS = 60 * SECOND_MS;
    private static final long HOUR_MS = 60 * MINUTE_MS;

    private TimeText() {
    }

    /** A point of the run: {@code mm:ss.SSS}, or {@code h:mm:ss.SSS} from one hour on. */
    public static String clock(long ms) {
        long hours = ms / HOUR_MS;
        long minutes = ms % HOUR_MS / MINUTE_MS;
        long seconds = ms % MINUTE_MS / SECOND_MS;
        long millis = ms % SECOND_MS;
        if (hours > 0) {
            return String.format(Locale.ROOT, "%d:%02d:%02d.%03d", hours, minutes, seconds, millis);
        }
        return String.format(Locale.ROOT, "%02d:%02d.%03d", minutes, seconds, millis);
    }

    /**
     * A length for people: "850 ms", "2.1 s", "12 s", "13 min 51 s", "1 h 2 min". Whole seconds and
     * minutes print exactly (configured limits usually are); otherwise seconds keep one decimal below a
     * minute and are rounded from a minute on. report.html and summary.md write their times with it too
     * (docs/metrics.md, "Values in the reports").
     */
    public static String duration(long ms) {
        if (ms < SECOND_MS) {
            return ms + " ms";
        }
        long tenths = (ms + 50) / 100;
        if (tenths < 600) {
            return tenths % 10 == 0 ? tenths / 10 + " s" : tenths / 10 + "." + tenths % 10 + " s";
        }
        long seconds = (ms + 500) / SECOND_MS;
        if (seconds < 3600) {
            return joined(seconds / 60, "min", seconds % 60, "s");
        }
        long minutes = (seconds + 30) / 60;
        return joined(minutes / 60, "h", minutes % 60, "min");
    }

    private static String joined(long big, String bigUnit, long small, String smallUnit) {
        return small == 0 ? big + " " + bigUnit : big + " " + bigUnit + " " + small + " " + smallUnit;
    }

    /** "1 eviction", "3 evictions". */
    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
