package org.rebalancesim.calibration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.report.TextColumns;

/**
 * A calibration's outcome as a terminal table per variant and as {@code calibration.json}. Keys come
 * in a fixed order and numbers print the same everywhere (Locale.ROOT, doubles rounded to 3 decimals).
 */
public final class CalibrationReport {

    /** The rule calibration.json states, as Comparison applies it. */
    static final String SPREAD_RULE = "a judged metric agrees when the simulated and measured medians are within "
            + "the tolerance and, when both sides have a spread, their ranges overlap; exact counts allow half a "
            + "count once a side has a spread; a time further apart than the tolerance, with ranges that overlap, "
            + "is undecided (not failed) when the permutation test of the medians gives p >= "
            + Comparison.UNDECIDED_P + ": chance explains the gap with this many runs, and more runs decide it";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CalibrationReport() {
    }

    /**
     * One table per variant: metric, unit, simulated median (range) over the seeds, measured median
     * (range) over the runs, difference of the medians, tolerance, whether the ranges overlap, the
     * permutation test's p where a time's medians are further apart than the tolerance, verdict.
     */
    public static String text(Calibration.Outcome outcome) {
        StringBuilder out = new StringBuilder();
        Calibration.Settings settings = outcome.settings();
        for (int v = 0; v < outcome.comparisons().size(); v++) {
            Comparison comparison = outcome.comparisons().get(v);
            out.append(String.format(Locale.ROOT, "%s, variant %s: %s; %d run%s on %s, time scale %s; simulated %s%n",
                    outcome.simulated().scenario(), comparison.variant(), comparison.protocol(), comparison.runs(),
                    comparison.runs() == 1 ? "" : "s", clusterLabel(settings), number(settings.timeScale().factor()),
                    seedsLabel(outcome.simulatedSeeds())));
            out.append(String.format(Locale.ROOT, "simulated start-up: %s%n", outcome.startups().get(v)));
            if (!outcome.observed().get(v).isEmpty()) {
                out.append(String.format(Locale.ROOT, "simulated as observed: %s%n", outcome.observed().get(v)));
            }
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"metric", "unit", "simulated", "measured", "difference", "tolerance", "ranges",
                "p", "verdict"});
            for (Comparison.Row row : comparison.rows()) {
                rows.add(new String[] {row.metric(), row.unit(), cell(row.simulated()), cell(row.measuredRange()),
                        signed(row.difference()), tolerance(row), ranges(row), pValue(row.pValue()), verdict(row)});
            }
            TextColumns.append(out, rows, c -> c >= 2 && c <= 5);
            out.append(summary(comparison)).append(String.format("%n%n"));
        }
        return out.toString();
    }

    /** "FAIL  eager: 12 within tolerance, 1 undecided (...), 2 outside (...), 10 for information". */
    static String summary(Comparison comparison) {
        List<Comparison.Row> failed = comparison.failures();
        List<Comparison.Row> undecided = comparison.withVerdict(Comparison.Verdict.UNDECIDED);
        long info = comparison.withVerdict(Comparison.Verdict.INFO).size();
        long within = comparison.rows().size() - failed.size() - undecided.size() - info;
        String undecidedPart = undecided.isEmpty() ? "" : String.format(Locale.ROOT,
                ", %d undecided (%s: chance explains the gap with %d run%s; more runs decide)", undecided.size(),
                String.join(", ", undecided.stream().map(r -> r.metric() + " p " + pValue(r.pValue())).toList()),
                comparison.runs(), comparison.runs() == 1 ? "" : "s");
        return String.format(Locale.ROOT, "%s  %s: %d within tolerance%s, %d outside%s, %d for information",
                failed.isEmpty() ? "PASS" : "FAIL", comparison.variant(), within, undecidedPart, failed.size(),
                failed.isEmpty() ? "" : " (" + String.join(", ", failed.stream().map(Comparison.Row::metric).toList())
                        + ")", info);
    }

    /** "0.31", "<0.001", or "-" where the test was not needed. */
    static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    /** calibration.json. */
    public static String json(Calibration.Outcome outcome) {
        Calibration.Settings settings = outcome.settings();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scenario", outcome.simulated().scenario());
        root.put("seed", outcome.simulated().seed());
        root.put("simulatorVersion", outcome.simulated().simulatorVersion());
        root.put("scenarioSha256", outcome.simulated().scenarioSha256());
        root.put("cluster", clusterLabel(settings));
        root.put("timeScale", round(settings.timeScale().factor()));
        root.put("repeat", settings.repeat());
        ArrayNode seeds = root.putArray("simulatedSeeds");
        outcome.simulatedSeeds().seeds().forEach(seeds::add);
        root.put("spreadRule", SPREAD_RULE);
        root.put("tolerancePct", round(settings.tolerancePct()));
        root.put("passed", outcome.passed());
        ArrayNode variants = root.putArray("variants");
        for (int v = 0; v < outcome.comparisons().size(); v++) {
            Comparison comparison = outcome.comparisons().get(v);
            ObjectNode variant = variants.addObject();
            variant.put("name", comparison.variant());
            variant.put("protocol", comparison.protocol());
            variant.put("heartbeatIntervalMs", comparison.heartbeatIntervalMs());
            variant.put("runs", comparison.runs());
            variant.put("simulatedStartup", outcome.startups().get(v));
            if (!outcome.observed().get(v).isEmpty()) {
                variant.put("simulatedAsObserved", outcome.observed().get(v));
            }
            variant.put("passed", comparison.passed());
            ArrayNode metrics = variant.putArray("metrics");
            comparison.rows().forEach(row -> metrics.add(row(row)));
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not render calibration.json", e);
        }
    }

    private static ObjectNode row(Comparison.Row row) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("metric", row.metric());
        node.put("unit", row.unit());
        node.put("check", row.check().name().toLowerCase(Locale.ROOT));
        putNumber(node, "simulated", row.simulatedMedian());
        putNumber(node, "simulatedLow", row.simulated() == null ? null : row.simulated().low());
        putNumber(node, "simulatedHigh", row.simulated() == null ? null : row.simulated().high());
        node.put("simulatedRange", row.simulated() == null ? null : row.simulated().range().label());
        putNumber(node, "measuredMedian", row.median());
        putNumber(node, "measuredLow", row.low());
        putNumber(node, "measuredHigh", row.high());
        node.put("measuredRange", row.measuredRange() == null ? null : row.measuredRange().range().label());
        ArrayNode runs = node.putArray("measured");
        for (Number value : row.measured()) {
            if (value == null) {
                runs.addNull();
            } else if (value.longValue() == value.doubleValue()) {
                runs.add(value.longValue());
            } else {
                runs.add(round(value.doubleValue()));
            }
        }
        putNumber(node, "difference", row.difference());
        putNumber(node, "tolerance", row.tolerance());
        if (row.rangesOverlap() == null) {
            node.putNull("rangesOverlap");
        } else {
            node.put("rangesOverlap", row.rangesOverlap());
        }
        putNumber(node, "pValue", Double.isNaN(row.pValue()) ? Double.NaN : round(row.pValue()));
        node.put("verdict", row.verdict().name());
        return node;
    }

    private static void putNumber(ObjectNode node, String name, Number value) {
        if (value == null || Double.isNaN(value.doubleValue())) {
            node.putNull(name);
        } else if (value.doubleValue() == Math.rint(value.doubleValue()) && Math.abs(value.doubleValue()) < 1e15) {
            node.put(name, (long) value.doubleValue());
        } else {
            node.put(name, round(value.doubleValue()));
        }
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    static String clusterLabel(Calibration.Settings settings) {
        return settings.bootstrapServer() == null ? "an embedded broker" : settings.bootstrapServer();
    }

    static String number(Number value) {
        if (value == null || Double.isNaN(value.doubleValue())) {
            return "-";
        }
        double d = value.doubleValue();
        return d == Math.rint(d) ? String.format(Locale.ROOT, "%d", (long) d) : String.format(Locale.ROOT, "%.1f", d);
    }

    private static String signed(double value) {
        return Double.isNaN(value) ? "-" : (value > 0 ? "+" : "") + number(value);
    }

    /** "4017 (3998..4100)", the median alone when every value was the same, "-" when there is none. */
    private static String cell(Spread spread) {
        if (spread == null) {
            return "-";
        }
        return spread.high() > spread.low() ? number(spread.median()) + " (" + number(spread.low()) + ".."
                + number(spread.high()) + ")" : number(spread.median());
    }

    /** "overlap", "apart", or "-" when a side has no spread (the medians alone decide). */
    private static String ranges(Comparison.Row row) {
        return row.rangesOverlap() == null ? "-" : row.rangesOverlap() ? "overlap" : "apart";
    }

    /** "seeds 42..61 (p5..p95)". */
    private static String seedsLabel(SeedRuns seeds) {
        List<Long> list = seeds.seeds();
        return list.size() == 1 ? "seed " + list.get(0) : "seeds " + list.get(0) + ".." + list.get(list.size() - 1)
                + " (" + Spread.rangeFor(list.size()).label() + ")";
    }

    private static String tolerance(Comparison.Row row) {
        return switch (row.check()) {
            case EXACT -> "exact";
            case TOLERANCE -> "±" + number(row.tolerance());
            case INFO -> "-";
        };
    }

    private static String verdict(Comparison.Row row) {
        return row.verdict() == Comparison.Verdict.INFO ? "info" : row.verdict().name();
    }
}
