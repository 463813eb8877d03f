package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.metrics.MetricCatalog;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Variant;

/**
 * One variant's metrics, simulated against measured (the median of the repeated runs, with their
 * spread). How each metric is judged:
 * <ul>
 *   <li>times (names ending in {@code Ms}, and {@code downtimeByCause.*}): within
 *       max(tolerance % of the measured median, one heartbeat interval of the variant): a member
 *       learns of a rebalance at its next heartbeat, so that much is the measurement's own grain;</li>
 *   <li>counts of protocol events ({@code rebalances}, {@code evictions}, {@code pollTimeouts},
 *       {@code ownershipViolations}): exactly;</li>
 *   <li>{@code partitionsMoved}: exactly with a sticky assignor (sticky, cooperative-sticky,
 *       uniform), which moves only what balance requires; for information otherwise: range and
 *       round-robin place partitions by member id, random in real Kafka;</li>
 *   <li>records ({@code duplicates}, {@code maxLag}, {@code recordsProduced},
 *       {@code recordsProcessed}, {@code recordsProcessedUnique}, {@code finalLag}) and any metric
 *       not named here: for information only: they depend on the real producer's and the real
 *       processing's timing, not on the group protocol.</li>
 * </ul>
 * A judged metric fails when the simulated value is outside the tolerance of the measured median.
 */
public record Comparison(String variant, String protocol, long heartbeatIntervalMs, double tolerancePct,
                         int runs, List<Row> rows) {

    public static final double DEFAULT_TOLERANCE_PCT = 10;

    private static final Set<String> EXACT = Set.of("rebalances", "evictions", "pollTimeouts", "ownershipViolations");
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
        long heartbeatMs = GroupKind.heartbeatIntervalMs(variant);
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
        if (isTime(metric)) {
            return Check.TOLERANCE;
        }
        if (EXACT.contains(metric)) {
            return Check.EXACT;
        }
        if (metric.equals("partitionsMoved")) {
            return STICKY.contains(GroupKind.assignorOf(variant)) ? Check.EXACT : Check.INFO;
        }
        return Check.INFO;
    }

    static boolean isTime(String metric) {
        return metric.endsWith("Ms") || metric.startsWith("downtimeByCause.");
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
        return new Row(metric, MetricCatalog.unitOf(metric), effective, simulated, measured, median, min, max, difference,
                tolerance, verdict);
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
