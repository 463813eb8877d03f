package org.rebalancesim.assignor.calibration;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.scenario.KafkaAssignor;

/**
 * Times Kafka's real assignors on this machine, the measurement behind
 * {@link org.rebalancesim.assignor.AssignmentCost}. A tool, not part of the model: the wall clock
 * ({@link System#nanoTime}) is allowed here and nowhere else, and nothing in the model calls this
 * package. Run it with {@code scripts/calibrate-assignors}.
 *
 * <p>Every assignor (the four client-side ones through the simulator's leader adapter, the two
 * server-side ones through the coordinator's) at every group size: one topic, homogeneous
 * subscriptions, first assignment and one-member-joins rebalance ({@link GroupInputs}). Each cell is
 * warmed up (at least {@code --warmup-runs} calls and {@code --warmup-ms} of calls) and then called
 * {@code --runs} times; the median is reported. The whole table is measured {@code --repeat} times and each
 * cell keeps its lowest median (other work on the machine only adds time). Then {@link CostFit} fits the cost model per assignor and
 * prints the coefficients to paste into AssignmentCost.
 *
 * <pre>
 * AssignorTiming [--runs 15] [--warmup-runs 5] [--warmup-ms 1000] [--repeat 2] [--members 10,100,1000]
 *                [--partitions 100,1000,10000] [--assignors range,...,server:uniform,server:range]
 *                [--markdown FILE]
 * </pre>
 */
public final class AssignorTiming {

    static final String SERVER_PREFIX = "server:";
    private static final List<String> ALL = Stream.concat(KafkaAssignor.shortNames().stream(),
            Stream.of(SERVER_PREFIX + ServerAssignors.UNIFORM, SERVER_PREFIX + ServerAssignors.RANGE)).toList();

    /** One cell of the table: median wall time of one assign() call, in ms. */
    record Measurement(String assignor, int members, int partitions, double firstMs, double joinMs) {
    }

    private final int runs;
    private final int warmupRuns;
    private final long warmupNs;
    /** Keeps every result reachable so the JIT cannot drop the calls. */
    private volatile int sink;

    private AssignorTiming(int runs, int warmupRuns, long warmupMs) {
        this.runs = runs;
        this.warmupRuns = warmupRuns;
        this.warmupNs = warmupMs * 1_000_000L;
    }

    public static void main(String[] args) throws IOException {
        Options options = Options.parse(args);
        AssignorTiming timing = new AssignorTiming(options.runs, options.warmupRuns, options.warmupMs);
        PrintStream out = System.out;
        String machine = MachineDescription.describe();
        out.println(machine);
        String loadBefore = MachineDescription.loadAverage();
        out.println("before: " + loadBefore);
        out.println(options.describe());
        out.println();
        List<Measurement> measurements = null;
        try (Assignors registry = Assignors.builtIn()) {
            for (int pass = 1; pass <= options.repeat; pass++) {
                out.printf(Locale.ROOT, "pass %d of %d%n%s%n", pass, options.repeat, CalibrationTable.header());
                List<Measurement> thisPass = new ArrayList<>();
                for (String assignor : options.assignors) {
                    for (int members : options.members) {
                        for (int partitions : options.partitions) {
                            Measurement m = timing.measure(registry, assignor, members, partitions);
                            thisPass.add(m);
                            out.println(CalibrationTable.row(m));
                        }
                    }
                }
                measurements = measurements == null ? thisPass : lower(measurements, thisPass);
            }
        }
        out.printf(Locale.ROOT, "%nper cell, the lower of the %d passes' medians%n%s%n", options.repeat,
                CalibrationTable.header());
        measurements.forEach(m -> out.println(CalibrationTable.row(m)));
        String loadAfter = MachineDescription.loadAverage();
        out.println("after: " + loadAfter);
        machine += "; before: " + loadBefore + ", after: " + loadAfter;
        out.println();
        String fits = CostFit.report(measurements);
        out.print(fits);
        if (options.markdown != null) {
            org.rebalancesim.output.AtomicFiles.write(options.markdown,
                    CalibrationTable.markdown(machine, options.describe(), measurements, fits));
            out.println("wrote " + options.markdown);
        }
    }

    /** Cell by cell, the lower median: other work on the machine only ever adds time. */
    private static List<Measurement> lower(List<Measurement> a, List<Measurement> b) {
        List<Measurement> lower = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            Measurement x = a.get(i);
            Measurement y = b.get(i);
            lower.add(new Measurement(x.assignor(), x.members(), x.partitions(), Math.min(x.firstMs(), y.firstMs()),
                    Math.min(x.joinMs(), y.joinMs())));
        }
        return lower;
    }

    private Measurement measure(Assignors registry, String assignor, int members, int partitions) {
        double first = medianMs(call(registry, assignor, members, partitions, false));
        double join = medianMs(call(registry, assignor, members, partitions, true));
        return new Measurement(assignor, members, partitions, first, join);
    }

    private static Supplier<Object> call(Assignors registry, String assignor, int members, int partitions,
                                         boolean oneJoins) {
        if (assignor.startsWith(SERVER_PREFIX)) {
            GroupInputs.ServerCase c = GroupInputs.server(assignor.substring(SERVER_PREFIX.length()), members,
                    partitions, oneJoins);
            return c::run;
        }
        GroupInputs.ClientCase c = GroupInputs.client(registry, assignor, members, partitions, oneJoins);
        return c::run;
    }

    private double medianMs(Supplier<Object> call) {
        long warmupStart = System.nanoTime();
        for (int i = 0; i < 10_000 && (i < warmupRuns || System.nanoTime() - warmupStart < warmupNs); i++) {
            sink += System.identityHashCode(call.get());
        }
        long[] times = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            Object result = call.get();
            times[i] = System.nanoTime() - start;
            sink += System.identityHashCode(result);
        }
        Arrays.sort(times);
        double median = runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2.0;
        return median / 1_000_000.0;
    }

    /** The command line. */
    private record Options(int runs, int warmupRuns, long warmupMs, int repeat, List<Integer> members,
                           List<Integer> partitions, List<String> assignors, Path markdown) {

        static Options parse(String[] args) {
            int runs = 15;
            int warmupRuns = 5;
            long warmupMs = 1000;
            int repeat = 2;
            List<Integer> members = List.of(10, 100, 1000);
            List<Integer> partitions = List.of(100, 1000, 10000);
            List<String> assignors = ALL;
            Path markdown = null;
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                if (value == null) {
                    throw new IllegalArgumentException("missing value after " + args[i]);
                }
                switch (args[i]) {
                    case "--runs" -> runs = Integer.parseInt(value);
                    case "--warmup-runs" -> warmupRuns = Integer.parseInt(value);
                    case "--warmup-ms" -> warmupMs = Long.parseLong(value);
                    case "--repeat" -> repeat = Integer.parseInt(value);
                    case "--members" -> members = ints(value);
                    case "--partitions" -> partitions = ints(value);
                    case "--assignors" -> assignors = List.of(value.split(","));
                    case "--markdown" -> markdown = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + "; known: --runs --warmup-runs --warmup-ms --repeat --members --partitions --assignors --markdown");
                }
                i++;
            }
            if (runs <= 0 || repeat <= 0 || warmupRuns < 0 || warmupMs < 0) {
                throw new IllegalArgumentException("--runs and --repeat must be positive, the warm-up not negative");
            }
            for (String assignor : assignors) {
                if (!ALL.contains(assignor)) {
                    throw new IllegalArgumentException("unknown assignor " + assignor + "; known: " + ALL);
                }
            }
            return new Options(runs, warmupRuns, warmupMs, repeat, members, partitions, assignors, markdown);
        }

        private static List<Integer> ints(String csv) {
            List<Integer> values = new ArrayList<>();
            for (String part : csv.split(",")) {
                int value = Integer.parseInt(part.trim());
                if (value < 2) {
                    throw new IllegalArgumentException("group sizes must be at least 2 (one member joins): " + value);
                }
                values.add(value);
            }
            return List.copyOf(values);
        }

        String describe() {
            return String.format(Locale.ROOT, "per cell the median of %d calls after >= %d warm-up calls and >= %d ms "
                    + "of warm-up, the lower of %d passes over the table", runs, warmupRuns, warmupMs, repeat);
        }
    }
}
