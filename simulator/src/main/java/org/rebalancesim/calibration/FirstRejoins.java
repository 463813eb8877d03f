package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Variant;

/**
 * A freshly started broker's cold group coordinator, read from its log, for the simulated side's
 * {@code cluster.coordinatorWarmup}: like a JVM's start, it is the machine, not Kafka's protocol
 * (docs/kafka-semantics.md §22). Every run starts a new embedded broker, and its first MEMBER_ID_REQUIRED
 * round trip is slow: the coordinator's "Created a new member id" line for the run's first new dynamic member
 * ({@code coordinatorNewMember}) to its "Preparing to rebalance" line for generation 1, which that member's
 * rejoin with the id brings, took 13 to 89 ms, where every later member's took 2 to 8. One sample per run,
 * less the model's two one-way trips between the lines (the answer, the rejoin) at the scenario's mean latency.
 * A static member's or a consumer-protocol member's first request needs no MEMBER_ID_REQUIRED: no sample.
 */
final class FirstRejoins {

    /** The model's one-way trips between the coordinator's answer and the rejoin's arrival. */
    static final int ONE_WAY_TRIPS = 2;

    private FirstRejoins() {
    }

    /** Each run's cold first rejoin in ms (positive), in the runs' order; runs without one give none. */
    static List<Double> of(Variant variant, List<List<MeasuredEvent>> runs) {
        double tripsMs = ONE_WAY_TRIPS * variant.cluster().network().latency().mean();
        List<Double> samples = new ArrayList<>();
        for (List<MeasuredEvent> run : runs) {
            Long newMemberMs = null;
            for (MeasuredEvent event : run) {
                if (newMemberMs == null && event.type().equals(CoordinatorLog.NEW_MEMBER)) {
                    if (variant.consumers().configOf(event.pod()).isStatic()) {
                        break;
                    }
                    newMemberMs = event.atMs();
                } else if (newMemberMs != null && event.type().equals(CoordinatorLog.PREPARING)) {
                    double coldMs = event.atMs() - newMemberMs - tripsMs;
                    // Generation 1 is the rejoin's; a gap no longer than the trips leaves no cold work to fit (a
                    // lognormal needs it positive).
                    if (event.generation() == 1 && coldMs > 0) {
                        samples.add(coldMs);
                    }
                    break;
                }
            }
        }
        return samples;
    }
}
