package org.rebalancesim.report.chart;

import java.util.Locale;

/** File stems from variant names: what a user typed in YAML must not become a path or a hidden file. */
final class FileStems {

    private static final int MAX_CHARS = 80;

    private FileStems() {
    }

    /** Letters, digits, '.', '_' and '-' are kept; any other run of characters becomes one '_'. */
    static String safe(String name) {
        String cleaned = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "_").replaceAll("^[._-]+", "");
        if (cleaned.length() > MAX_CHARS) {
            cleaned = cleaned.substring(0, MAX_CHARS);
        }
        return cleaned.isEmpty() ? "variant" : cleaned;
    }
}
