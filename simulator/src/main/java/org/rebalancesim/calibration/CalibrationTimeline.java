package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.timeline.FaultArrivals;

/**
 * What a calibration run replays: the scenario's timeline plus its recurring faults, drawn up front
 * by the simulator's own {@link FaultArrivals} (each target's stream is named after the fault and the
 * target only, so the draws do not depend on what happens in the run), and the check that refuses
 * what one loopback broker cannot reproduce.
 */
final class CalibrationTimeline {

    private CalibrationTimeline() {
    }

    /** Why the variant cannot be calibrated against real Kafka here; empty if it can. */
    static List<String> unsupported(Variant variant) {
        List<String> problems = new ArrayList<>();
        if (variant.consumers().restartedByKubelet()) {
            problems.add("consumers.workload: calibrate runs each pod as a plain JVM, with no kubelet to start a "
                    + "crashed one again (CrashLoopBackOff); remove workload to calibrate the rest");
        }
        if (variant.consumers().pattern() != null) {
            problems.add("consumers.subscribe: the workers subscribe to topic names; a " + variant.consumers().pattern()
                    .key() + " subscription is simulated only");
        }
        for (TimelineEvent event : variant.timeline()) {
            if (event.isAnchored()) {
                // The replay schedules the whole timeline on the wall clock before the workers start, and the
                // parent hears the workers' callbacks only in their logs after the run (docs/scenario-format.md,
                // "Timeline anchors").
                problems.add("timeline " + event.whenText() + ": an anchored entry cannot be replayed on a real "
                        + "broker (calibrate plays the timeline at fixed times); give it a fixed time, e.g. the "
                        + "time the simulated run shows it ran (rebalance-sim explain)");
                continue;
            }
            String why = TimelineReplay.whyNot(event.operation());
            if (why != null) {
                problems.add("timeline at " + event.atMs() + " ms: " + why);
            }
        }
        for (FaultSpec fault : variant.faults()) {
            // Every occurrence plays the same operation, whatever its target and length.
            String why = TimelineReplay.whyNot(fault.occurrence(null, 0));
            if (why != null) {
                problems.add("faults: " + why);
            }
        }
        return problems;
    }

    /**
     * The timeline and the drawn recurring faults, in time order (timeline first at equal times, then
     * the faults in the order of their targets). Only for a variant {@link #unsupported} accepts.
     */
    static List<TimelineEvent> replayed(Variant variant, long seed) {
        List<TimelineEvent> events = new ArrayList<>(variant.timeline());
        for (FaultArrivals arrivals : FaultArrivals.of(variant.faults(), variant.consumers().all(), seed, 0,
                variant.durationMs())) {
            for (TimelineEvent next = arrivals.next(); next != null; next = arrivals.next()) {
                events.add(next);
            }
        }
        events.sort(Comparator.comparingLong(TimelineEvent::atMs));
        return events;
    }
}
