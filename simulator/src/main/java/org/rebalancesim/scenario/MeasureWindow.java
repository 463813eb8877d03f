package org.rebalancesim.scenario;

/** The part of the run the metrics cover: [fromMs, toMs). Defaults to the whole run. */
public record MeasureWindow(long fromMs, long toMs) {

    public long clipStart(long ms) {
        return Math.max(fromMs, ms);
    }

    public long clipEnd(long ms) {
        return Math.min(toMs, ms);
    }

    /** The length of [startMs, endMs) that falls inside the window. */
    public long overlapMs(long startMs, long endMs) {
        return Math.max(0, clipEnd(endMs) - clipStart(startMs));
    }

    public boolean contains(long ms) {
        return ms >= fromMs && ms < toMs;
    }
}
