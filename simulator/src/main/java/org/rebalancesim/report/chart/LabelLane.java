package org.rebalancesim.report.chart;

/**
 * One horizontal strip of labels or marks (a row, or the strip above or below the rows): one is
 * placed only where it does not run into the previous one, because overlapping labels read as
 * neither and marks closer than a few pixels merge into a black block. Label widths are estimated
 * from the character count; the estimate errs on the wide side.
 */
final class LabelLane {

    /** The plot area is narrower than the chart: row names take the left edge. */
    private static final double PLOT_WIDTH_PX = 1000;
    private static final double CHAR_WIDTH_PX = 8;
    private static final double GAP_PX = 6;

    private final double msPerPx;
    private double freeFromMs = Double.NEGATIVE_INFINITY;

    LabelLane(long axisEndMs) {
        this.msPerPx = Math.max(1, axisEndMs) / PLOT_WIDTH_PX;
    }

    /** Whether {@code text} starting at {@code atMs} fits; if so, its space is taken. */
    boolean claim(long atMs, String text) {
        return claim(atMs, widthPx(text));
    }

    /** The estimated width of a label, its gap to the next one included. */
    static double widthPx(String text) {
        return text.length() * CHAR_WIDTH_PX + GAP_PX;
    }

    /** Whether {@code text} fits between {@code fromMs} and {@code toMs} on an axis ending at {@code axisEndMs}. */
    static boolean fits(String text, long fromMs, long toMs, long axisEndMs) {
        return (toMs - fromMs) / (Math.max(1, axisEndMs) / PLOT_WIDTH_PX) >= widthPx(text);
    }

    /** Whether {@code widthPx} of space from {@code atMs} is free; if so, it is taken. */
    boolean claim(long atMs, double widthPx) {
        return claim(atMs, widthPx, Long.MAX_VALUE);
    }

    /**
     * Whether {@code text} starting at {@code atMs} fits and ends by {@code limitMs} (the next mark of
     * the strip, or the end of the axis, which would cut it off); if so, its space is taken.
     */
    boolean claimBefore(long atMs, String text, long limitMs) {
        return claim(atMs, widthPx(text), limitMs);
    }

    private boolean claim(long atMs, double widthPx, long limitMs) {
        double endMs = atMs + widthPx * msPerPx;
        if (atMs < freeFromMs || endMs > limitMs) {
            return false;
        }
        freeFromMs = endMs;
        return true;
    }
}
