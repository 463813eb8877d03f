package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.metrics.registry.Calibration;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Variant;

/**
 * One variant's metrics, simulated over seeds against measured over repeated runs, each side as its
 * median and range ({@link Spread}: min..max below 20 values, p5..p95 from 20 on). Each metric is
 * judged by its registry rule ({@link Metric#calibration()}): a time within max(tolerance % of the
 * measured median, one heartbeat interval of the variant), a count of protocol events exactly,
 * {@code partitionsMoved} exactly only with a sticky assignor, the records metrics and any name the
 * registry does not know for information only.
 *
 * <p>The spread rule: a judged metric agrees when the medians are within the tolerance and, when both
 * sides have a spread (two values or more that differ), the two ranges overlap: a real cluster
 * straddles races run to run, and so do the seeds, so the question is whether the simulated outcomes
 * and the measured ones are the same kind of spread. With a spread on either side the median of a
 * count may fall halfway between two counts (an even number of values), so exact means within half a
 * count there; with one value on each side it means equal, as before.
 *
 * <p>A few runs pin a median only roughly: when a time is a heartbeat phase, three runs may put the
 * measured median anywhere in a second or more. So a time whose medians are further apart than the
 * tolerance, with spreads on both sides whose ranges overlap, is {@link Verdict#UNDECIDED} rather than failed when chance
 * explains the gap: the permutation test of the medians ({@link MedianPermutation}) gives p of at least
 * {@link #UNDECIDED_P}. More runs (--repeat) then decide it. Undecided does not fail the calibration.
 */
public record Comparison(String variant, String protocol, long heartbeatIntervalMs, double tolerancePct,
                         int runs, int simulatedSeeds, List<Row> rows) {

    public static final double DEFAULT_TOLERANCE_PCT = 10;
    /** How far apart two count medians may be once a side has a spread: half a count. */
    static final double EXACT_WITH_SPREAD = 0.5;
    /** The p-value from which chance explains a gap between the medians (the usual 5 %). */
    static final double UNDECIDED_P = 0.05;

    private static final Set<String> STICKY = Set.of("sticky", "cooperative-sticky", "uniform",
            "org.apache.kafka.clients.consumer.StickyAssignor", "org.apache.kafka.clients.consumer.CooperativeStickyAssignor");

    /** How a metric is judged. */
    public enum Check { TOLERANCE, EXACT, INFO }

    /** UNDECIDED: a time apart by more than the tolerance, by no more than chance explains with these runs. */
    public enum Verdict { PASS, FAIL, UNDECIDED, INFO }

    /**
     * @param simulated     the simulated values' spread over the seeds, null when no seed has the metric
     * @param measured      each run's value, in run order (null where a run lacks the metric)
     * @param measuredRange the measured values' spread, null when no run has it
     * @param difference    simulated median minus measured median
     * @param tolerance     the largest allowed |difference|: 0 for exact, NaN for information only
     * @param rangesOverlap whether the two ranges share a value; null when a side has no spread (not judged)
     * @param pValue        the permutation test's p for a time beyond the tolerance with ranges that overlap,
     *                      NaN where it was not needed
     */
    public record Row(String metric, String unit, Check check, Spread simulated, List<Number> measured,
                      Spread measuredRange, double difference, double tolerance, Boolean rangesOverlap,
                      double pValue, Verdict verdict) {
        public Row {
            measured = java.util.Collections.unmodifiableList(new ArrayList<>(measured));
        }

        public double simulatedMedian() {
            return simulated == null ? Double.NaN : simulated.median();
        }

        /** The median of the measured runs, NaN when none has it. */
        public double median() {
            return measuredRange == null ? Double.NaN : measuredRange.median();
        }

        public double low() {
            return measuredRange == null ? Double.NaN : measuredRange.low();
        }

        public double high() {
            return measuredRange == null ? Double.NaN : measuredRange.high();
        }
    }

    public Comparison {
        rows = List.copyOf(rows);
    }

    public boolean passed() {
        return rows.stream().noneMatch(row -> row.verdict() == Verdict.FAIL);
    }

    public List<Row> failures() {
        return withVerdict(Verdict.FAIL);
    }

    public List<Row> withVerdict(Verdict verdict) {
        return rows.stream().filter(row -> row.verdict() == verdict).toList();
    }

    /** One simulated run against the measured runs. */
    public static Comparison of(Variant variant, VariantResult simulated, List<Map<String, Number>> measuredRuns,
                                double tolerancePct) {
        return of(variant, List.of(simulated), measuredRuns, tolerancePct);
    }

    /**
     * @param simulatedRuns the variant's simulated result per seed (at least one)
     * @param measuredRuns  each measured run's metrics (at least one)
     * @param tolerancePct  the relative tolerance of times, in percent
     */
    public static Comparison of(Variant variant, List<VariantResult> simulatedRuns,
                                List<Map<String, Number>> measuredRuns, double tolerancePct) {
        long heartbeatMs = VariantProtocol.of(variant).heartbeatIntervalMs(variant.consumers().config(), variant.cluster());
        List<Map<String, Number>> simulated = simulatedRuns.stream().map(VariantResult::metrics).toList();
        Set<String> names = new LinkedHashSet<>();
        simulated.forEach(run -> names.addAll(run.keySet()));
        measuredRuns.forEach(run -> names.addAll(run.keySet()));
        List<Row> rows = new ArrayList<>();
        for (String metric : names) {
            rows.add(row(metric, checkOf(metric, variant), simulated, measuredRuns, tolerancePct, heartbeatMs));
        }
        return new Comparison(variant.name(), simulatedRuns.get(0).protocol(), heartbeatMs, tolerancePct,
                measuredRuns.size(), simulatedRuns.size(), rows);
    }

    static Check checkOf(String metric, Variant variant) {
        Calibration rule = Metric.find(metric).map(Metric::calibration).orElse(Calibration.INFORMATION);
        return switch (rule) {
            case WITHIN_TOLERANCE -> Check.TOLERANCE;
            case EXACT -> Check.EXACT;
            case EXACT_IF_STICKY -> STICKY.contains(VariantProtocol.of(variant).decidingAssignor(variant)) ? Check.EXACT : Check.INFO;
            case INFORMATION, NOT_OBSERVABLE, NOT_CALIBRATED -> Check.INFO;
        };
    }

    private static Row row(String metric, Check check, List<Map<String, Number>> simulatedRuns,
                           List<Map<String, Number>> runs, double tolerancePct, long heartbeatMs) {
        List<Number> measured = new ArrayList<>();
        runs.forEach(run -> measured.add(run.get(metric)));
        double[] simulatedValues = present(simulatedRuns.stream().map(run -> run.get(metric)).toList());
        double[] measuredValues = present(measured);
        Spread simulated = spread(simulatedValues);
        Spread real = spread(measuredValues);
        double difference = simulated == null || real == null ? Double.NaN : simulated.median() - real.median();
        // A metric only one side has cannot be judged.
        Check effective = Double.isNaN(difference) ? Check.INFO : check;
        boolean bothSpread = effective != Check.INFO && hasSpread(simulated) && hasSpread(real);
        boolean eitherSpread = effective != Check.INFO && (hasSpread(simulated) || hasSpread(real));
        double tolerance = switch (effective) {
            case TOLERANCE -> Math.max(tolerancePct / 100 * Math.abs(real.median()), heartbeatMs);
            case EXACT -> eitherSpread ? EXACT_WITH_SPREAD : 0;
            case INFO -> Double.NaN;
        };
        Boolean overlap = bothSpread ? simulated.overlaps(real) : null;
        boolean withinTolerance = Math.abs(difference) <= tolerance + 1e-9;
        double pValue = Double.NaN;
        Verdict verdict;
        if (effective == Check.INFO) {
            verdict = Verdict.INFO;
        } else if (Boolean.FALSE.equals(overlap)) {
            verdict = Verdict.FAIL;
        } else if (withinTolerance) {
            verdict = Verdict.PASS;
        } else if (effective == Check.TOLERANCE && Boolean.TRUE.equals(overlap)) {
            pValue = MedianPermutation.pValue(simulatedValues, measuredValues);
            verdict = pValue >= UNDECIDED_P ? Verdict.UNDECIDED : Verdict.FAIL;
        } else {
            verdict = Verdict.FAIL;
        }
        return new Row(metric, unitOf(metric), effective, simulated, measured, real, difference, tolerance, overlap,
                pValue, verdict);
    }

    private static double[] present(List<Number> values) {
        return values.stream().filter(v -> v != null).mapToDouble(Number::doubleValue).toArray();
    }

    private static Spread spread(double[] values) {
        return values.length == 0 ? null : Spread.of(values);
    }

    private static boolean hasSpread(Spread spread) {
        return spread != null && spread.high() > spread.low();
    }

    /** A name the registry does not know has no unit to show. */
    private static String unitOf(String metric) {
        return Metric.find(metric).map(known -> known.unit().text()).orElse("");
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d rows, %s", variant, rows.size(), passed() ? "passed" : "failed");
    }
}
