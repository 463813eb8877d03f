package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.scenario.Distribution;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.Variant;

/**
 * How fast the calibration's own JVMs start and exit on this machine, read from its measured runs, for
 * the simulated side to use. A JVM's start and exit are the machine's, not Kafka's: the same scenario's
 * workers started in 0.36 to 0.57 s on one machine and in 0.53 to 0.95 s on another. And they matter to
 * the protocol's answer: a restarted member's JoinGroup lands at some phase of the others' heartbeat
 * interval, which the restart's length sets, and a group started together settles, and so heartbeats,
 * at a phase its start-up sets (docs/kafka-semantics.md §22). So the simulated side gets the start-up
 * the real side had, and the comparison is of what Kafka does with it.
 *
 * <p>What is fitted is the work of a JVM starting alone: JVMs starting together on a node share its
 * cores, and the simulation stretches them by its own rule ({@code nodeCores}, {@code coresPerStart}:
 * {@link org.rebalancesim.consumer.JvmStarts}). When the runs have at least {@link #MIN_SAMPLES} starts
 * made alone (a rolling restart's restarts, a staggered start), they are the fit, and starts made together
 * are left out: four KIP-848 clients warming up together on 2 cores took up to 8 times a lone warm-up,
 * more than the rule's share, so even scaled back they lengthened the fitted restart, and a restart is
 * what the comparison is about. The starts made together then fit the rule's {@code coresPerStart}
 * instead (with at least {@link #MIN_SAMPLES} of them, both sides with their warm-ups; at most the node's cores,
 * so that a lone start keeps its measured time): the k under which
 * their launch-to-warmed-up times, scaled back by the rule, have the lone ones' median, so the simulated
 * group started together is as slow as the measured one was (a classic group's heartbeats and metadata
 * refreshes keep the phase its start-up gave them). With fewer (a group started together and never
 * restarted) every start counts, its elapsed time scaled back by the share of its node it had under the
 * model, moment by moment: while n starts and warm-ups are under way on a node of c cores, each does
 * min(1, c / (n k)) of a lone start's work per millisecond. Three launched together on 2 cores with
 * k = 1.75 count at 0.38 of their time, and the simulation stretches them back as much. Without
 * {@code nodeCores} no start is scaled.
 *
 * <ul>
 *   <li>{@code jvmStart}: {@code podStart} to {@code started};</li>
 *   <li>{@code clientWarmup}: {@code started} to the coordinator's line for the member's first group
 *       request ({@code coordinatorNewMember}: a new dynamic classic member's JoinGroup names its client, a
 *       static member's JoinGroup or first KIP-848 heartbeat its instance id, a dynamic KIP-848 member's
 *       first heartbeat the member id its worker reported), less the 13 one-way latencies of the start-up
 *       requests the model sends itself before it (connections, ApiVersions, Metadata, FindCoordinator, the
 *       request itself: §22), at the scenario's mean latency. Without the coordinator's log (a cluster of
 *       the user's), a KIP-848 member's first join is the first member epoch the worker logs ({@code epoch})
 *       when its poll() returns: {@code started} to that, less the same 13 trips and the answer's. That
 *       counts the wait for poll() to return as warm-up, so it is an upper bound, by up to the worker's
 *       100 ms poll timeout;</li>
 *   <li>{@code closeWork}: a graceful close's last {@code committed} (its commit answered) to {@code closed}
 *       (close() returned); a close that committed nothing is left out;</li>
 *   <li>{@code jvmExit}: {@code closed} (close() returned) to {@code exited} (the orchestrator saw the
 *       process end);</li>
 *   <li>{@code cluster.coordinatorWarmup}: the freshly started broker's cold first MEMBER_ID_REQUIRED
 *       round trip, from the coordinator's log ({@link FirstRejoins});</li>
 *   <li>{@code firstAssignment}: a cold classic leader's first assignment, from the coordinator's log
 *       ({@link FirstAssignments});</li>
 *   <li>{@code firstActiveTask}: a Kafka Streams process's cold work before its first active tasks restore
 *       ({@link FirstActiveTasks}).</li>
 * </ul>
 * Each is fitted as a lognormal (the median and p99 of a normal fitted to the logarithms) from at least
 * {@link #MIN_SAMPLES} samples over all runs of the variant; with fewer, or no spread, the scenario's
 * own value stays.
 *
 * @param jvmStart     the fitted jvmStart, or null when the runs had too few starts
 * @param clientWarmup the fitted clientWarmup, or null when the runs had too few first joins
 * @param closeWork    the fitted closeWork, or null when the runs had too few graceful closes after a commit
 * @param jvmExit      the fitted jvmExit, or null when the runs had too few graceful exits
 * @param coordinatorWarmup the fitted cluster.coordinatorWarmup, or null when the runs had too few cold first rejoins
 * @param firstAssignment the fitted firstAssignment, or null when the runs had too few cold leaders' assignments
 * @param firstActiveTask the fitted firstActiveTask, or null when the runs had too few first active tasks
 * @param coresPerStart the fitted coresPerStart, or null when the runs had too few starts alone and together
 * @param starts       how many starts the fit used
 * @param scaled       how many of them shared their node's cores with another start, scaled back
 * @param leftOut      how many starts that shared their node's cores the fit left out, as enough were made alone
 * @param firstJoins   how many first joins the fit used
 * @param closes       how many closes the closeWork fit used
 * @param exits        how many exits the fit used
 * @param firstRejoins how many runs' cold first rejoins the coordinatorWarmup fit used
 * @param firstAssignments how many cold leaders' assignments the fit used
 * @param firstActiveTasks how many processes' first active tasks the fit used
 */
record MeasuredStartup(Distribution jvmStart, Distribution clientWarmup, Distribution closeWork,
                       Distribution jvmExit, Distribution coordinatorWarmup, Distribution firstAssignment,
                       Distribution firstActiveTask, Double coresPerStart, int starts, int scaled, int leftOut,
                       int firstJoins, int closes, int exits, int firstRejoins, int firstAssignments,
                       int firstActiveTasks) {

    static final int MIN_SAMPLES = 3;
    /** The least coresPerStart searched: a start that keeps a quarter of a core busy. */
    private static final double LEAST_CORES_PER_START = 0.25;
    /** One-way trips from the end of the warm-up to a member's first JoinGroup or KIP-848 heartbeat (§22). */
    static final int ONE_WAY_TRIPS_TO_FIRST_JOIN = 13;
    /** One-way trips from the end of the warm-up to a KIP-848 member's first epoch: the heartbeat's answer. */
    static final int ONE_WAY_TRIPS_TO_FIRST_EPOCH = ONE_WAY_TRIPS_TO_FIRST_JOIN + 1;

    /**
     * Fits the variant's runs' starts, first joins and exits; each run's events in time order. Starts made
     * alone are fitted by themselves when there are enough of them, else every start, scaled by its share.
     */
    static MeasuredStartup of(Variant variant, List<List<MeasuredEvent>> runs) {
        StartupSpec startup = variant.consumers().startup();
        List<RunStarts> runStarts = runs.stream().map(run -> RunStarts.of(variant, run)).toList();
        List<StartWork> work = new ArrayList<>();
        List<Double> closes = new ArrayList<>();
        List<Double> exits = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            work.addAll(runStarts.get(i).work(startup, startup.coresPerStart()));
            closes.addAll(closeWork(runs.get(i)));
            exits.addAll(spans(runs.get(i), "closed", "exited"));
        }
        List<StartWork> alone = work.stream().filter(start -> !start.shared()).toList();
        boolean aloneOnly = alone.size() >= MIN_SAMPLES && alone.size() < work.size();
        int shared = work.size() - alone.size();
        Double coresPerStart = aloneOnly && startup.hasContention() ? fitCoresPerStart(startup, runStarts) : null;
        List<StartWork> fitted = !aloneOnly ? work : coresPerStart == null ? alone : alone(runStarts, startup,
                coresPerStart);
        List<Double> starts = fitted.stream().map(StartWork::jvmMs).toList();
        List<Double> warmups = fitted.stream().map(StartWork::warmupMs)
                .filter(warmup -> !Double.isNaN(warmup) && warmup > 0).toList();
        List<Double> rejoins = FirstRejoins.of(variant, runs);
        List<Double> assignments = FirstAssignments.of(variant, runs);
        List<Double> activeTasks = FirstActiveTasks.of(runs);
        return new MeasuredStartup(fit(starts), fit(warmups), fit(closes), fit(exits), fit(rejoins), fit(assignments),
                fit(activeTasks), coresPerStart, starts.size(), aloneOnly ? 0 : shared, aloneOnly ? shared : 0,
                warmups.size(), closes.size(), exits.size(), rejoins.size(), assignments.size(), activeTasks.size());
    }

    /**
     * The coresPerStart k under which the starts made together, their launch to the end of their warm-up
     * scaled back by the rule at k, have the median of the same times of the starts made alone; null with
     * fewer than {@link #MIN_SAMPLES} of either with a warm-up, or when starts together were as fast as
     * alone. Scaled work falls as k grows, so k is found by bisection.
     *
     * <p>k is at most the node's cores c. Above them the rule slows a lone start too, to c / k of its
     * speed, while jvmStart and clientWarmup are fitted from the lone starts' own times: a k of 2.51 on 2
     * cores made every simulated restart 25 % longer than the restarts it was fitted from. And above c the
     * rule cannot make starts together any slower against a lone one (each of n does c / (n k), a lone one
     * c / k). So starts together slower than that fit c: a lone start keeps its measured time, and the
     * ones together are as slow as the rule makes them.
     */
    private static Double fitCoresPerStart(StartupSpec startup, List<RunStarts> runs) {
        double high = startup.nodeCores();
        double[] lone = alone(runs, startup, high).stream().filter(StartWork::warmedUp)
                .mapToDouble(StartWork::totalMs).toArray();
        double target = lone.length >= MIN_SAMPLES ? Spread.of(lone).median() : Double.NaN;
        DoubleUnaryOperator together = k -> {
            double[] shared = runs.stream().flatMap(run -> run.work(startup, k).stream())
                    .filter(start -> start.shared() && start.warmedUp()).mapToDouble(StartWork::totalMs).toArray();
            return shared.length >= MIN_SAMPLES ? Spread.of(shared).median() : Double.NaN;
        };
        double low = LEAST_CORES_PER_START;
        // NaN (too few) compares false: no fit.
        if (!(together.applyAsDouble(low) > target)) {
            return null;
        }
        if (together.applyAsDouble(high) >= target) {
            return high;
        }
        // To well within the 0.01 the result is rounded to.
        while (high / low > 1.0001) {
            double middle = StrictMath.sqrt(low * high);
            if (together.applyAsDouble(middle) > target) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return Math.rint(StrictMath.sqrt(low * high) * 100) / 100;
    }

    /** The starts made alone, as the rule at {@code coresPerStart} runs them (at full speed when k &lt;= c). */
    private static List<StartWork> alone(List<RunStarts> runs, StartupSpec startup, double coresPerStart) {
        return runs.stream().flatMap(run -> run.work(startup, coresPerStart).stream())
                .filter(start -> !start.shared()).toList();
    }

    /**
     * The variant with the measured start, warm-up, exit, cold coordinator, cold first assignment and cold first
     * active tasks in place of its own, where they were measured.
     */
    Variant applyTo(Variant variant) {
        StartupSpec own = variant.consumers().startup();
        StartupSpec startup = new StartupSpec(own.staggerMs(), jvmStart == null ? own.jvmStart() : jvmStart,
                clientWarmup == null ? own.clientWarmup() : clientWarmup,
                closeWork == null ? own.closeWork() : closeWork, jvmExit == null ? own.jvmExit() : jvmExit,
                firstAssignment == null ? own.firstAssignment() : firstAssignment, own.firstSync(),
                firstActiveTask == null ? own.firstActiveTask() : firstActiveTask, own.nodeCores(),
                own.podsPerNode(), coresPerStart == null ? own.coresPerStart() : coresPerStart,
                own.coreShareSpread(), own.replayed());
        Variant measured = variant.withConsumers(variant.consumers().withStartup(startup));
        return coordinatorWarmup == null ? measured
                : measured.withCluster(variant.cluster().withCoordinatorWarmup(coordinatorWarmup));
    }

    /** "jvmStart lognormal(median 640ms, p99 1100ms) from 12 starts (9 sharing cores, scaled); clientWarmup ...". */
    String describe(Variant variant) {
        StartupSpec scenarios = variant.consumers().startup();
        String startsSeen = leftOut > 0 ? "starts made alone (" + leftOut + " sharing cores left out)"
                : scaled > 0 ? "starts (" + scaled + " sharing cores, scaled)" : "starts";
        return part("jvmStart", jvmStart, starts, startsSeen, scenarios.jvmStart()) + "; "
                + part("clientWarmup", clientWarmup, firstJoins, "first joins", scenarios.clientWarmup()) + "; "
                + part("closeWork", closeWork, closes, "closes", scenarios.closeWork()) + "; "
                + part("jvmExit", jvmExit, exits, "exits", scenarios.jvmExit())
                + measuredOnlyPart("coordinatorWarmup", coordinatorWarmup, firstRejoins,
                        "runs' first rejoins", variant.cluster().coordinatorWarmup())
                + measuredOnlyPart("firstAssignment", firstAssignment, firstAssignments,
                        "cold leaders' first assignments", scenarios.firstAssignment())
                + measuredOnlyPart("firstActiveTask", firstActiveTask, firstActiveTasks,
                        "processes' first active tasks", scenarios.firstActiveTask())
                + (coresPerStart == null ? "" : String.format(Locale.ROOT,
                        "; coresPerStart %.2f fitted to the starts made together", coresPerStart)
                        + (coresPerStart >= scenarios.nodeCores() ? " (the node's cores: they were slower still)" : ""));
    }

    /**
     * Only where the runs had any sample: a variant without a classic leader (the consumer protocol) or without
     * Kafka Streams has none of those to fit, and the line need not say so.
     */
    private static String measuredOnlyPart(String name, Distribution fitted, int samples, String what,
                                           Distribution own) {
        return samples == 0 ? "" : "; " + part(name, fitted, samples, what, own);
    }

    private static String part(String name, Distribution fitted, int samples, String what, Distribution own) {
        return fitted == null
                ? String.format(Locale.ROOT, "%s the scenario's %s (%d %s measured, %d needed)", name, own.describe(),
                        samples, what, MIN_SAMPLES)
                : String.format(Locale.ROOT, "%s %s from %d %s", name, fitted.describe(), samples, what);
    }

    /**
     * One start of a pod: launched ({@code podStart}), up ({@code started}), and its first join: the first
     * JoinGroup at the coordinator ({@code coordinatorNewMember}) or the first member epoch the worker saw
     * ({@code epoch}), {@code tripsToJoin} one-way trips after the warm-up ended; -1 for what did not
     * happen before the pod's next start or the run's end.
     */
    record Start(String pod, long launchedMs, long startedMs, long joinedMs, int tripsToJoin) {
        static Start launched(String pod, long atMs) {
            return new Start(pod, atMs, -1, -1, 0);
        }

        Start started(long atMs) {
            return new Start(pod, launchedMs, atMs, -1, 0);
        }

        Start joined(long atMs, int trips) {
            return new Start(pod, launchedMs, startedMs, atMs, trips);
        }
    }

    /**
     * A start as the work of a JVM alone: its JVM start and its warm-up (NaN where the log names no first
     * join), and whether another start shared its node's cores meanwhile.
     */
    record StartWork(String pod, double jvmMs, double warmupMs, boolean shared) {
        boolean warmedUp() {
            return !Double.isNaN(warmupMs);
        }

        /** From launch to the end of the warm-up. */
        double totalMs() {
            return jvmMs + warmupMs;
        }
    }

    /**
     * Each start of the run that got as far as {@code started}, scaled by its share of its node's cores:
     * it takes a share from launch to the end of its warm-up (its first join less the model's own
     * requests, or, where the log names none, {@code started} plus the scenario's mean warm-up), as in the
     * simulation, with {@code coresPerStart} as the rule's k.
     */
    static List<StartWork> startWork(Variant variant, List<MeasuredEvent> run, double coresPerStart) {
        return RunStarts.of(variant, run).work(variant.consumers().startup(), coresPerStart);
    }

    /**
     * A run's starts that got as far as {@code started}, and where each took a share of its node's cores:
     * read from the run's events once, however many k the fit tries.
     */
    private record RunStarts(List<Start> starts, List<Busy> busy) {
        static RunStarts of(Variant variant, List<MeasuredEvent> run) {
            double latencyMs = variant.cluster().network().latency().mean();
            double assumedWarmupMs = variant.consumers().startup().clientWarmup().mean();
            List<Start> starts = MeasuredStartup.starts(run).stream().filter(start -> start.startedMs() >= 0).toList();
            List<Busy> busy = new ArrayList<>();
            for (Start start : starts) {
                double warmupEnd = start.joinedMs() >= 0
                        ? Math.max(start.startedMs(), start.joinedMs() - start.tripsToJoin() * latencyMs)
                        : start.startedMs() + assumedWarmupMs;
                busy.add(new Busy(nodeOf(variant, start.pod()), start.launchedMs(), warmupEnd));
            }
            return new RunStarts(starts, busy);
        }

        List<StartWork> work(StartupSpec startup, double coresPerStart) {
            List<StartWork> work = new ArrayList<>();
            for (int i = 0; i < starts.size(); i++) {
                Start start = starts.get(i);
                Busy own = busy.get(i);
                boolean shared = false;
                for (Busy other : busy) {
                    shared |= other != own && other.node() == own.node() && other.overlaps(own);
                }
                double jvm = MeasuredStartup.work(startup, coresPerStart, busy, own.node(), start.launchedMs(),
                        start.startedMs());
                double warmup = start.joinedMs() >= 0 ? MeasuredStartup.work(startup, coresPerStart, busy, own.node(),
                        start.startedMs(), own.toMs()) : Double.NaN;
                work.add(new StartWork(start.pod(), jvm, warmup, shared));
            }
            return work;
        }
    }

    /** Where a start or warm-up took a share of a node's cores, from launch to the end of its warm-up. */
    private record Busy(int node, double fromMs, double toMs) {
        boolean overlaps(Busy other) {
            return fromMs < other.toMs && other.fromMs < toMs;
        }

        boolean covers(double atMs) {
            return fromMs <= atMs && atMs < toMs;
        }
    }

    private static int nodeOf(Variant variant, String pod) {
        int index = variant.consumers().all().indexOf(pod);
        return variant.consumers().startup().nodeOf(Math.max(0, index));
    }

    /**
     * The lone-start work done on {@code node} between two times by one start: the elapsed time, each
     * stretch of it at the share the starts under way then had (JvmStarts' rate, min(1, c / (n k))).
     */
    private static double work(StartupSpec startup, double coresPerStart, List<Busy> busy, int node, double fromMs,
                               double toMs) {
        if (!startup.hasContention()) {
            return toMs - fromMs;
        }
        TreeSet<Double> cuts = new TreeSet<>(List.of(fromMs, toMs));
        for (Busy other : busy) {
            if (other.node() == node) {
                cuts.add(Math.min(toMs, Math.max(fromMs, other.fromMs())));
                cuts.add(Math.min(toMs, Math.max(fromMs, other.toMs())));
            }
        }
        double done = 0;
        Double from = null;
        for (double cut : cuts) {
            if (from != null && cut > from) {
                double middle = (from + cut) / 2;
                long underWay = busy.stream().filter(other -> other.node() == node && other.covers(middle)).count();
                double rate = Math.min(1.0, startup.nodeCores() / (Math.max(1, underWay) * coresPerStart));
                done += (cut - from) * rate;
            }
            from = cut;
        }
        return done;
    }

    /**
     * Every start of the run, in the order they ended (the pod's next launch, else the run's end): a pod's own in
     * the order it launched them.
     */
    static List<Start> starts(List<MeasuredEvent> run) {
        List<Start> starts = new ArrayList<>();
        Map<String, Start> open = new LinkedHashMap<>();
        for (MeasuredEvent event : run) {
            Start current = open.get(event.pod());
            switch (event.type()) {
                case "podStart" -> {
                    if (current != null) {
                        starts.add(current);
                    }
                    open.put(event.pod(), Start.launched(event.pod(), event.atMs()));
                }
                case "started" -> {
                    if (current != null && current.startedMs() < 0) {
                        open.put(event.pod(), current.started(event.atMs()));
                    }
                }
                case CoordinatorLog.NEW_MEMBER -> {
                    if (current != null && current.startedMs() >= 0 && current.joinedMs() < 0) {
                        open.put(event.pod(), current.joined(event.atMs(), ONE_WAY_TRIPS_TO_FIRST_JOIN));
                    }
                }
                case "epoch" -> {
                    if (current != null && current.startedMs() >= 0 && current.joinedMs() < 0
                            && event.generation() > 0) {
                        open.put(event.pod(), current.joined(event.atMs(), ONE_WAY_TRIPS_TO_FIRST_EPOCH));
                    }
                }
                default -> {
                }
            }
        }
        starts.addAll(open.values());
        return starts;
    }

    /** Per graceful close that committed: from its last commit's answer to the end of close(). */
    static List<Double> closeWork(List<MeasuredEvent> run) {
        Map<String, Long> lastCommit = new HashMap<>();
        List<Double> spans = new ArrayList<>();
        for (MeasuredEvent event : run) {
            switch (event.type()) {
                case "stopRequested" -> lastCommit.put(event.pod(), -1L);
                case "committed" -> lastCommit.computeIfPresent(event.pod(), (pod, before) -> event.atMs());
                case "closed" -> {
                    Long commit = lastCommit.remove(event.pod());
                    if (commit != null && commit >= 0) {
                        spans.add((double) (event.atMs() - commit));
                    }
                }
                default -> {
                }
            }
        }
        return spans;
    }

    /** Per pod, the time from each {@code from} event to its next {@code to} event. */
    static List<Double> spans(List<MeasuredEvent> run, String from, String to) {
        Map<String, Long> open = new HashMap<>();
        List<Double> spans = new ArrayList<>();
        for (MeasuredEvent event : run) {
            if (from.equals(event.type())) {
                open.put(event.pod(), event.atMs());
            } else if (to.equals(event.type()) && open.containsKey(event.pod())) {
                spans.add((double) (event.atMs() - open.remove(event.pod())));
            }
        }
        return spans;
    }

    /** A lognormal through the samples' logarithms, or null with too few samples or no spread. */
    static Distribution fit(List<Double> samples) {
        if (samples.size() < MIN_SAMPLES || samples.stream().anyMatch(value -> value <= 0)) {
            return null;
        }
        double[] logs = samples.stream().mapToDouble(StrictMath::log).toArray();
        double mean = Arrays.stream(logs).average().orElseThrow();
        double variance = Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (logs.length - 1);
        double sigma = StrictMath.sqrt(variance);
        if (sigma == 0) {
            return null;
        }
        double median = Math.rint(StrictMath.exp(mean));
        double p99 = Math.rint(StrictMath.exp(mean + Distributions.Z_99 * sigma));
        return p99 > median ? new Distributions.LogNormal(median, p99) : null;
    }
}
