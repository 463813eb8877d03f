package org.rebalancesim.timeline;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.TimelineEvent;

/**
 * The occurrences of one recurring fault on one target (a pod, or the broker), drawn here only: the
 * simulation plays them as the run goes ({@link RecurringFaults}) and {@code calibrate} replays them
 * all up front, so the two cannot draw differently. Each target has its own random stream named
 * after the fault's index, its kind and the target (adding a pod leaves the other pods' faults
 * unchanged), and draws the gap to the next occurrence, then that occurrence's length, then the next
 * gap: the draws do not depend on what happens in the run.
 */
public final class FaultArrivals {

    private final FaultSpec fault;
    /** Null when the fault's kind has one target, a broker. */
    private final String pod;
    private final RandomGenerator random;
    private final long endMs;
    private long lastMs;

    private FaultArrivals(FaultSpec fault, String pod, RandomGenerator random, long fromMs, long endMs) {
        this.fault = fault;
        this.pod = pod;
        this.random = random;
        this.lastMs = fromMs;
        this.endMs = endMs;
    }

    /**
     * Every target's arrivals, in the order of {@code faults}, then of the targeted pods.
     *
     * @param allPods every pod the scenario ever starts (what {@code consumer: all} targets)
     * @param fromMs  the time the first gap is counted from
     * @param endMs   the end of the run: no occurrence at or after it
     */
    public static List<FaultArrivals> of(List<FaultSpec> faults, List<String> allPods, long seed, long fromMs,
                                         long endMs) {
        List<FaultArrivals> arrivals = new ArrayList<>();
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec fault = faults.get(i);
            String stream = "fault:" + i + ":" + fault.kind().yamlName();
            if (!fault.kind().perPod()) {
                arrivals.add(new FaultArrivals(fault, null, Rng.stream(seed, stream), fromMs, endMs));
                continue;
            }
            for (String pod : fault.targetPods(allPods)) {
                arrivals.add(new FaultArrivals(fault, pod, Rng.stream(seed, stream + ":" + pod), fromMs, endMs));
            }
        }
        return arrivals;
    }

    /** The next occurrence and the operation it plays; null when it would come at or after the end. */
    public TimelineEvent next() {
        long atMs = lastMs + Math.max(1, Math.round(fault.every().sample(random)));
        if (atMs >= endMs) {
            return null;
        }
        long durationMs = fault.duration() == null ? -1 : fault.duration().sampleMs(random);
        lastMs = atMs;
        return new TimelineEvent(atMs, fault.occurrence(pod, durationMs));
    }
}
