package org.rebalancesim.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns JMH's JSON results into the small table scripts/bench prints: per figure the median over
 * the measured iterations and their spread (min..max). Events per second and simulated time per
 * wall time come from each iteration's own counters (events, simulated ms) over its own time.
 */
public final class BenchReport {

    private final Map<String, List<JsonNode>> byMethod = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();

    private BenchReport(JsonNode results) {
        for (JsonNode result : results) {
            String name = result.get("benchmark").asText();
            String method = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
            byMethod.computeIfAbsent(method, k -> new ArrayList<>()).add(result);
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: BenchReport JMH_RESULT.json");
            System.exit(2);
        }
        BenchReport report = new BenchReport(new ObjectMapper().readTree(Path.of(args[0]).toFile()));
        report.engine();
        report.scenarios();
        report.sweep();
        report.assignors();
        report.scaling();
        System.out.print(report.out);
    }

    /** Median and spread of a set of iteration values. */
    record Stat(double median, double min, double max) {
        static Stat of(double[] values) {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            return new Stat(median, sorted[0], sorted[n - 1]);
        }

        String format(String pattern) {
            return String.format(Locale.ROOT, pattern, median) + " ("
                    + String.format(Locale.ROOT, pattern, min) + ".." + String.format(Locale.ROOT, pattern, max) + ")";
        }
    }

    private static double[] raw(JsonNode metric) {
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : metric.get("rawData")) {
            for (JsonNode value : fork) {
                values.add(value.asDouble());
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] primary(JsonNode result) {
        return raw(result.get("primaryMetric"));
    }

    private static double[] secondary(JsonNode result, String name) {
        JsonNode metric = result.get("secondaryMetrics").get(name);
        return metric == null ? new double[0] : raw(metric);
    }

    private static String param(JsonNode result, String name) {
        JsonNode params = result.get("params");
        return params == null || params.get(name) == null ? "" : params.get(name).asText();
    }

    private List<JsonNode> results(String method) {
        return byMethod.getOrDefault(method, List.of());
    }

    private JsonNode result(String method, String param, String value) {
        for (JsonNode result : results(method)) {
            if (param == null || param(result, param).equals(value)) {
                return result;
            }
        }
        return null;
    }

    private void line(String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    private static double[] divide(double[] a, double[] b, double scale) {
        double[] q = new double[Math.min(a.length, b.length)];
        for (int i = 0; i < q.length; i++) {
            q[i] = a[i] / b[i] * scale;
        }
        return q;
    }

    private static double[] scale(double[] values, double factor) {
        double[] scaled = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            scaled[i] = values[i] * factor;
        }
        return scaled;
    }

    private void engine() {
        if (results("EngineBenchmark.engine").isEmpty()) {
            return;
        }
        line("engine: hold model, events/s (median (min..max) of the iterations)");
        line("%-9s %-30s %-30s %-30s %s", "pending", "event loop", "event loop, keyed timers", "bare PriorityQueue", "loop / queue");
        for (JsonNode result : results("EngineBenchmark.engine")) {
            String pending = param(result, "pending");
            Stat engine = Stat.of(secondary(result, "events"));
            Stat timers = Stat.of(secondary(result("EngineBenchmark.engineTimers", "pending", pending), "events"));
            Stat queue = Stat.of(secondary(result("EngineBenchmark.priorityQueue", "pending", pending), "events"));
            line("%-9s %-30s %-30s %-30s %.0f%%", pending, engine.format("%.3g"), timers.format("%.3g"),
                    queue.format("%.3g"), 100 * engine.median() / queue.median());
        }
        line("");
    }

    /** A single-shot scenario benchmark: per run wall time, events/s, simulated/wall, heap. */
    private void scenario(String label, JsonNode result, boolean heap) {
        double[] ms = primary(result);
        double[] runs = secondary(result, "runs");
        Stat perRun = Stat.of(divide(ms, runs, 1));
        Stat eventsPerSecond = Stat.of(divide(secondary(result, "events"), ms, 1000));
        Stat ratio = Stat.of(divide(secondary(result, "simulatedMs"), ms, 1));
        String peak = heap ? Stat.of(secondary(result, "peakHeapMiB")).format("%.0f") : "";
        line("%-22s %-28s %-28s %-28s %s", label, perRun.format("%.3g"), eventsPerSecond.format("%.3g"),
                ratio.format("%.3g"), peak);
    }

    private void scenarios() {
        JsonNode rolling = result("ScenarioBenchmark.rollingRestart", null, null);
        JsonNode large = result("ScenarioBenchmark.largeGroup", null, null);
        if (rolling == null && large == null) {
            return;
        }
        line("scenarios: per run (median (min..max) of the iterations)");
        line("%-22s %-28s %-28s %-28s %s", "scenario", "wall ms per run", "events/s", "simulated/wall", "peak heap MiB");
        if (rolling != null) {
            scenario("(a) rolling-restart", rolling, false);
        }
        if (large != null) {
            scenario("(b) large-group", large, true);
        }
        line("");
    }

    private void sweep() {
        JsonNode one = result("SweepBenchmark.sweep", "threads", "1");
        JsonNode two = result("SweepBenchmark.sweep", "threads", "2");
        if (one == null || two == null) {
            return;
        }
        Stat t1 = Stat.of(primary(one));
        Stat t2 = Stat.of(primary(two));
        line("(c) sweep of %d runs of bench/sweep-50.yaml (50 consumers, 10 min): median (min..max)", SweepBenchmark.RUNS);
        line("%-12s %-28s %-28s %s", "threads", "wall s", "simulated/wall", "speed-up");
        line("%-12s %-28s %-28s %s", "1", Stat.of(scale(primary(one), 1e-3)).format("%.3g"),
                Stat.of(divide(secondary(one, "simulatedMs"), primary(one), 1)).format("%.3g"), "");
        line("%-12s %-28s %-28s %.2fx", "2", Stat.of(scale(primary(two), 1e-3)).format("%.3g"),
                Stat.of(divide(secondary(two, "simulatedMs"), primary(two), 1)).format("%.3g"), t1.median() / t2.median());
        line("");
    }

    private void assignors() {
        if (results("AssignorBenchmark.adapter").isEmpty()) {
            return;
        }
        line("assignors: one leader assignment, us (median (min..max)); overhead = adapter / direct - 1");
        line("%-20s %-12s %-28s %-28s %s", "assignor", "group", "through our adapter", "Kafka's class directly", "overhead");
        for (JsonNode adapter : results("AssignorBenchmark.adapter")) {
            String assignor = param(adapter, "assignor");
            String group = param(adapter, "group");
            JsonNode direct = null;
            for (JsonNode candidate : results("AssignorBenchmark.direct")) {
                if (param(candidate, "assignor").equals(assignor) && param(candidate, "group").equals(group)) {
                    direct = candidate;
                }
            }
            if (direct == null) {
                continue;
            }
            Stat a = Stat.of(primary(adapter));
            Stat d = Stat.of(primary(direct));
            line("%-20s %-12s %-28s %-28s %+.0f%%", assignor, group, a.format("%.4g"), d.format("%.4g"),
                    100 * (a.median() / d.median() - 1));
        }
        line("");
    }

    private void scaling() {
        List<JsonNode> runs = results("ScalingBenchmark.run");
        if (runs.isEmpty()) {
            return;
        }
        line("scaling: bench/scaling.yaml (10 partitions and 2 records/s per consumer), median (min..max)");
        line("%-10s %-12s %-22s %-12s %-24s %s", "consumers", "simulated", "wall ms", "events", "ns per event",
                "us per consumer-minute");
        for (JsonNode result : runs) {
            String[] size = param(result, "size").split("x");
            double consumers = Double.parseDouble(size[0]);
            double[] ms = primary(result);
            double[] events = secondary(result, "events");
            double[] simulatedMs = secondary(result, "simulatedMs");
            double[] perEvent = divide(ms, events, 1e6);
            double[] perConsumerMinute = new double[ms.length];
            for (int i = 0; i < ms.length; i++) {
                perConsumerMinute[i] = ms[i] * 1000 / (consumers * simulatedMs[i] / 60_000);
            }
            line("%-10s %-12s %-22s %-12.4g %-24s %s", size[0], size[1], Stat.of(ms).format("%.4g"),
                    Stat.of(events).median(), Stat.of(perEvent).format("%.3g"), Stat.of(perConsumerMinute).format("%.3g"));
        }
        line("");
    }
}
