package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.metrics.registry.Calibration;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Variant;

/**
 * One variant's metrics, simulated against measured (the median of the repeated runs, with their
 * spread). Each metric is judged by its registry rule ({@link Metric#calibration()}): a time within
 * max(tolerance % of the measured median, one heartbeat interval of the variant), a count of protocol
 * events exactly, {@code partitionsMoved} exactly only with a sticky assignor, the records metrics
 * and any name the registry does not know for information only. A judged metric fails when the
 * simulated value is outside the tolerance of the measured median.
 */
public record Comparison(String variant, String protocol, long heartbeatIntervalMs, double tolerancePct,
                         int runs, List<Row> rows) {

    public static final double DEFAULT_TOLERANCE_PCT = 10;

    private static final Set<String> STICKY = Set.of("sticky", "cooperative-sticky", "uniform",
            "org.apache.kafka.clients.consumer.StickyAssignor", "org.apache.kafka.clients.consumer.CooperativeStickyAssignor");

    /** How a metric is judged. */
    public enum Check { TOLERANCE, EXACT, INFO }

    public enum Verdict { PASS, FAIL, INFO }

    /**
     * @param measured   each run's value, in run order (null where a run lacks the metric)
     * @param median     the median of the runs' values, NaN when none has it
     * @param difference simulated minus median
     * @param tolerance  the largest allowed |difference|: 0 for exact, NaN for information only
     */
    public record Row(String metric, String unit, Check check, Number simulated, List<Number> measured,
                      double median, double min, double max, double difference, double tolerance, Verdict verdict) {
        public Row {
            measured = java.util.Collections.unmodifiableList(new ArrayList<>(measured));
        }
    }

    public Comparison {
        rows = List.copyOf(rows);
    }

    public boolean passed() {
        return rows.stream().noneMatch(row -> row.verdict() == Verdict.FAIL);
    }

    public List<Row> failures() {
        return rows.stream().filter(row -> row.verdict() == Verdict.FAIL).toList();
    }

    /**
     * @param simulated    the variant's simulated result
     * @param measuredRuns each measured run's metrics (at least one)
     * @param tolerancePct the relative tolerance of times, in percent
     */
    public static Comparison of(Variant variant, VariantResult simulated, List<Map<String, Number>> measuredRuns,
                                double tolerancePct) {
        long heartbeatMs = VariantProtocol.of(variant).heartbeatIntervalMs(variant.consumers().config(), variant.cluster());
        Set<String> names = new LinkedHashSet<>(simulated.metrics().keySet());
        measuredRuns.forEach(run -> names.addAll(run.keySet()));
        List<Row> rows = new ArrayList<>();
        for (String metric : names) {
            rows.add(row(metric, checkOf(metric, variant), simulated.metrics().get(metric), measuredRuns,
                    tolerancePct, heartbeatMs));
        }
        return new Comparison(variant.name(), simulated.protocol(), heartbeatMs, tolerancePct, measuredRuns.size(), rows);
    }

    static Check checkOf(String metric, Variant variant) {
        Calibration rule = Metric.find(metric).map(Metric::calibration).orElse(Calibration.INFORMATION);
        return switch (rule) {
            case WITHIN_TOLERANCE -> Check.TOLERANCE;
            case EXACT -> Check.EXACT;
            case EXACT_IF_STICKY -> STICKY.contains(VariantProtocol.of(variant).decidingAssignor(variant)) ? Check.EXACT : Check.INFO;
            case INFORMATION, NOT_OBSERVABLE -> Check.INFO;
        };
    }

    private static Row row(String metric, Check check, Number simulated, List<Map<String, Number>> runs,
                           double tolerancePct, long heartbeatMs) {
        List<Number> measured = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Map<String, Number> run : runs) {
            Number value = run.get(metric);
            measured.add(value);
            if (value != null) {
                values.add(value.doubleValue());
            }
        }
        values.sort(null);
        double median = median(values);
        double min = values.isEmpty() ? Double.NaN : values.get(0);
        double max = values.isEmpty() ? Double.NaN : values.get(values.size() - 1);
        double difference = simulated == null ? Double.NaN : simulated.doubleValue() - median;
        // A metric only one side has cannot be judged.
        Check effective = Double.isNaN(difference) ? Check.INFO : check;
        double tolerance = switch (effective) {
            case TOLERANCE -> Math.max(tolerancePct / 100 * Math.abs(median), heartbeatMs);
            case EXACT -> 0;
            case INFO -> Double.NaN;
        };
        Verdict verdict = effective == Check.INFO ? Verdict.INFO
                : Math.abs(difference) <= tolerance + 1e-9 ? Verdict.PASS : Verdict.FAIL;
        return new Row(metric, unitOf(metric), effective, simulated, measured, median, min, max, difference,
                tolerance, verdict);
    }

    /** A name the registry does not know has no unit to show. */
    private static String unitOf(String metric) {
        return Metric.find(metric).map(known -> known.unit().text()).orElse("");
    }

    static double median(List<Double> sorted) {
        int n = sorted.size();
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d rows, %s", variant, rows.size(), passed() ? "passed" : "failed");
    }
}
