package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.scenario.ReplayedStarts;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.Variant;

/**
 * {@code calibrate --replay-startups}: each simulated seed starts its pods as one measured run did, instead
 * of drawing from the start-ups fitted to all runs ({@link MeasuredStartup}). Seed i (counting from 0) takes
 * run (i mod N) + 1 of N. Where a metric is set by when a group launched together settled (its heartbeats keep
 * that phase, and a rolling restart on a fixed grid meets them there: README, "How close is the simulator to
 * Kafka"), a few runs draw a few phases, and the fitted start-ups compare those with phases drawn afresh; with
 * the runs' own start-ups both sides meet the same phases, so what is left to compare is what Kafka does with
 * them. The other fits (closeWork, jvmExit, the cold coordinator and leader) stay as fitted.
 */
final class StartupReplay {

    private StartupReplay() {
    }

    /**
     * The run's starts, pod by pod in launch order ({@link MeasuredStartup#starts} lists each pod's starts in
     * that order): launch to {@code started}, and {@code started} to the coordinator's line for the first request
     * less the model's own start-up trips at the scenario's mean latency (as {@link MeasuredStartup} measures a
     * warm-up). A pod the scenario starts at the beginning launched a little late (the harness launches one after
     * another); its first start counts from the time the simulation launches it, so the replayed process comes
     * up when the measured one did.
     */
    static ReplayedStarts of(Variant variant, List<MeasuredEvent> run) {
        double latencyMs = variant.cluster().network().latency().mean();
        List<String> initial = variant.consumers().initial();
        long staggerMs = variant.consumers().startup().staggerMs();
        Map<String, List<ReplayedStarts.Start>> byPod = new LinkedHashMap<>();
        for (MeasuredStartup.Start start : MeasuredStartup.starts(run)) {
            List<ReplayedStarts.Start> ofPod = byPod.computeIfAbsent(start.pod(), pod -> new ArrayList<>());
            int index = initial.indexOf(start.pod());
            long launchedFrom = index >= 0 && ofPod.isEmpty() ? index * staggerMs : start.launchedMs();
            long jvm = start.startedMs() >= 0 ? start.startedMs() - launchedFrom : ReplayedStarts.Start.DRAWN;
            long warmup = start.startedMs() >= 0 && start.joinedMs() >= 0
                    ? Math.max(0, Math.round(start.joinedMs() - start.tripsToJoin() * latencyMs - start.startedMs()))
                    : ReplayedStarts.Start.DRAWN;
            ofPod.add(new ReplayedStarts.Start(jvm, warmup));
        }
        return new ReplayedStarts(byPod);
    }

    /** The variant whose pods start as {@code starts} says, the cores' sharing being in the measured times. */
    static Variant applyTo(Variant variant, ReplayedStarts starts) {
        StartupSpec startup = variant.consumers().startup().replaying(starts);
        return variant.withConsumers(variant.consumers().withStartup(startup));
    }
}
