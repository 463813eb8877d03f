package org.rebalancesim.report.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The time axis of the timeline, partition and lag charts. Data stay in simulated milliseconds
 * (so a chart's items equal the run's numbers exactly); only the tick labels are shown in the
 * unit that suits the run's length: seconds up to 3 minutes, minutes up to 3 hours, then hours.
 */
final class TimeAxis {

    /** A unit of the axis: its length in ms and how the axis label names it. */
    enum Unit {
        SECONDS(1_000L, "s"), MINUTES(60_000L, "min"), HOURS(3_600_000L, "h");

        final long ms;
        final String symbol;

        Unit(long ms, String symbol) {
            this.ms = ms;
            this.symbol = symbol;
        }

        static Unit forSpan(long spanMs) {
            if (spanMs <= 3 * MINUTES.ms) {
                return SECONDS;
            }
            return spanMs <= 3 * HOURS.ms ? MINUTES : HOURS;
        }
    }

    /** Nice tick spacings, as multiples of the unit. */
    private static final double[] STEPS = {0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1200};
    /**
     * At most this many tick intervals across the axis. The spacing is chosen here rather than by
     * JFreeChart, whose estimate of a label's width ignores decimals ("0.5" counts as "5") and packs
     * labels edge to edge.
     */
    private static final int MAX_TICKS = 15;

    private TimeAxis() {
    }

    /** The last instant any series of these variants mentions: where their time axis ends. */
    static long endMs(List<VariantResult> variants) {
        long end = 1;
        for (VariantResult variant : variants) {
            Series s = variant.series();
            end = Math.max(end, s.memberStates().stream().mapToLong(Series.StateInterval::toMs).max().orElse(0));
            end = Math.max(end, s.ownership().stream().mapToLong(Series.OwnershipInterval::toMs).max().orElse(0));
            end = Math.max(end, s.lag().stream().mapToLong(Series.LagSample::atMs).max().orElse(0));
            end = Math.max(end, s.rebalances().stream().mapToLong(Series.RebalanceSpan::stableMs).max().orElse(0));
            end = Math.max(end, s.events().stream().mapToLong(Series.StoryEvent::atMs).max().orElse(0));
        }
        return end;
    }

    /** An axis from 0 to {@code endMs} labelled "time (min)" (or s, h) with ticks in that unit. */
    static NumberAxis create(long endMs) {
        Unit unit = Unit.forSpan(endMs);
        NumberAxis axis = new NumberAxis("time (" + unit.symbol + ")");
        axis.setRange(0, Math.max(1, endMs));
        double step = STEPS[STEPS.length - 1];
        for (double candidate : STEPS) {
            if (endMs / (candidate * unit.ms) <= MAX_TICKS) {
                step = candidate;
                break;
            }
        }
        axis.setTickUnit(new NumberTickUnit(step * unit.ms, new InUnit(unit, step < 1 ? "0.#" : "0")));
        return axis;
    }

    /** Formats a value in ms as a number of {@code unit}, with the root locale's digits. */
    private static final class InUnit extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private final Unit unit;
        private final DecimalFormat digits;

        InUnit(Unit unit, String pattern) {
            this.unit = unit;
            this.digits = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
        }

        @Override
        public StringBuffer format(double ms, StringBuffer to, FieldPosition position) {
            return digits.format(ms / unit.ms, to, position);
        }

        @Override
        public StringBuffer format(long ms, StringBuffer to, FieldPosition position) {
            return format((double) ms, to, position);
        }

        @Override
        public Number parse(String source, ParsePosition position) {
            Number value = digits.parse(source, position);
            return value == null ? null : value.doubleValue() * unit.ms;
        }
    }
}
