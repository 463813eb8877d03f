package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rebalancesim.scenario.Distribution;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.Variant;

/**
 * How fast the calibration's own JVMs start and exit on this machine, read from its measured runs, for
 * the simulated side to use. A JVM's start and exit are the machine's, not Kafka's: the same scenario's
 * workers started in 0.36 to 0.57 s on one machine and in 0.53 to 0.95 s on another. And they matter to
 * the protocol's answer: a restarted member's JoinGroup lands at some phase of the others' heartbeat
 * interval, which the restart's length sets (docs/kafka-semantics.md §22). So the simulated side gets
 * the start-up the real side had, and the comparison is of what Kafka does with it.
 *
 * <ul>
 *   <li>{@code jvmStart}: {@code podStart} to {@code started} of each lone start, one that overlapped no
 *       other pod's start and warm-up (the scenario's {@code nodeCores} and {@code coresPerStart} still
 *       slow down starts together, in the simulation as on the machine);</li>
 *   <li>{@code clientWarmup}, for a classic group's dynamic members: {@code started} of a lone start to the coordinator's
 *       line for the member's first JoinGroup ({@code coordinatorNewMember}), less the 13 one-way
 *       latencies of the start-up requests the model sends itself before it (connections, ApiVersions,
 *       Metadata, FindCoordinator, the JoinGroup: §22), at the scenario's mean latency. A KIP-848
 *       member's first heartbeat and a static member's first join name no client in the log: their
 *       warm-up stays the scenario's;</li>
 *   <li>{@code jvmExit}: {@code closed} (close() returned) to {@code exited} (the orchestrator saw the
 *       process end).</li>
 * </ul>
 * Each is fitted as a lognormal (the median and p99 of a normal fitted to the logarithms) from at least
 * {@link #MIN_SAMPLES} samples over all runs of the variant; with fewer, or no spread, the scenario's
 * own value stays.
 *
 * @param jvmStart     the fitted jvmStart, or null when the runs had too few lone starts
 * @param clientWarmup the fitted clientWarmup, or null when the runs had too few first joins
 * @param jvmExit      the fitted jvmExit, or null when the runs had too few graceful exits
 * @param lonestarts   how many lone starts the fit used
 * @param firstJoins   how many first joins the fit used
 * @param exits        how many exits the fit used
 */
record MeasuredStartup(Distribution jvmStart, Distribution clientWarmup, Distribution jvmExit, int lonestarts,
                       int firstJoins, int exits) {

    static final int MIN_SAMPLES = 3;
    /** One-way trips from the end of the warm-up to a new dynamic member's first JoinGroup (§22). */
    static final int ONE_WAY_TRIPS_TO_FIRST_JOIN = 13;

    /** Fits the variant's runs' lone starts, first joins and exits; each run's events in time order. */
    static MeasuredStartup of(Variant variant, List<List<MeasuredEvent>> runs) {
        double requestsMs = ONE_WAY_TRIPS_TO_FIRST_JOIN * variant.cluster().network().latency().mean();
        List<Double> starts = new ArrayList<>();
        List<Double> warmups = new ArrayList<>();
        List<Double> exits = new ArrayList<>();
        for (List<MeasuredEvent> run : runs) {
            for (Start start : loneStarts(run)) {
                starts.add((double) (start.startedMs() - start.launchedMs()));
                double warmup = start.joinedMs() - start.startedMs() - requestsMs;
                if (start.joinedMs() >= 0 && warmup > 0) {
                    warmups.add(warmup);
                }
            }
            exits.addAll(spans(run, "closed", "exited"));
        }
        return new MeasuredStartup(fit(starts), fit(warmups), fit(exits), starts.size(), warmups.size(),
                exits.size());
    }

    /** The variant with the measured start, warm-up and exit in place of its own, where they were measured. */
    Variant applyTo(Variant variant) {
        StartupSpec own = variant.consumers().startup();
        StartupSpec startup = new StartupSpec(own.staggerMs(), jvmStart == null ? own.jvmStart() : jvmStart,
                clientWarmup == null ? own.clientWarmup() : clientWarmup, jvmExit == null ? own.jvmExit() : jvmExit,
                own.firstAssignment(), own.nodeCores(), own.podsPerNode(), own.coresPerStart());
        return variant.withConsumers(variant.consumers().withStartup(startup));
    }

    /** "jvmStart lognormal(median 640ms, p99 1100ms) from 12 lone starts; clientWarmup ...; jvmExit ...". */
    String describe(StartupSpec scenarios) {
        return part("jvmStart", jvmStart, lonestarts, "lone starts", scenarios.jvmStart()) + "; "
                + part("clientWarmup", clientWarmup, firstJoins, "first joins", scenarios.clientWarmup()) + "; "
                + part("jvmExit", jvmExit, exits, "exits", scenarios.jvmExit());
    }

    private static String part(String name, Distribution fitted, int samples, String what, Distribution own) {
        return fitted == null
                ? String.format(Locale.ROOT, "%s the scenario's %s (%d %s measured, %d needed)", name, own.describe(),
                        samples, what, MIN_SAMPLES)
                : String.format(Locale.ROOT, "%s %s from %d %s", name, fitted.describe(), samples, what);
    }

    /**
     * One start of a pod: launched ({@code podStart}), up ({@code started}), and its first JoinGroup at the
     * coordinator ({@code coordinatorNewMember}); -1 for what did not happen before the pod's next start or
     * the run's end.
     */
    record Start(String pod, long launchedMs, long startedMs, long joinedMs) {
        /** Until the first JoinGroup where the log names one, else until the process was up; open if never. */
        long endMs() {
            return joinedMs >= 0 ? joinedMs : startedMs >= 0 ? startedMs : Long.MAX_VALUE;
        }

        boolean overlaps(Start other) {
            return launchedMs < other.endMs() && other.launchedMs < endMs();
        }
    }

    /**
     * The starts during which no other pod of the run was starting or warming up, from launch to the first
     * JoinGroup (or, where the log names none, to the process being up): the others' JVMs would have shared
     * the cores, which the scenario's nodeCores and coresPerStart model on top.
     */
    static List<Start> loneStarts(List<MeasuredEvent> run) {
        List<Start> starts = new ArrayList<>();
        Map<String, Start> open = new LinkedHashMap<>();
        for (MeasuredEvent event : run) {
            Start current = open.get(event.pod());
            switch (event.type()) {
                case "podStart" -> {
                    if (current != null) {
                        starts.add(current);
                    }
                    open.put(event.pod(), new Start(event.pod(), event.atMs(), -1, -1));
                }
                case "started" -> {
                    if (current != null && current.startedMs() < 0) {
                        open.put(event.pod(), new Start(event.pod(), current.launchedMs(), event.atMs(), -1));
                    }
                }
                case CoordinatorLog.NEW_MEMBER -> {
                    if (current != null && current.startedMs() >= 0 && current.joinedMs() < 0) {
                        open.put(event.pod(), new Start(event.pod(), current.launchedMs(), current.startedMs(),
                                event.atMs()));
                    }
                }
                default -> {
                }
            }
        }
        starts.addAll(open.values());
        return starts.stream()
                .filter(start -> start.startedMs() >= 0)
                .filter(start -> starts.stream().noneMatch(other -> other != start && other.overlaps(start)))
                .toList();
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
