package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.scenario.ConsumerSelector;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;

/**
 * What a calibration run replays: the scenario's timeline plus its recurring faults, drawn up front
 * with the same random streams and in the same order as the simulator's RecurringFaults (each
 * target's stream is named after the fault and the target only, so the draws do not depend on what
 * happens in the run), and the check that refuses what one loopback broker cannot reproduce.
 */
final class CalibrationTimeline {

    private CalibrationTimeline() {
    }

    /** Why the variant cannot be calibrated against real Kafka here; empty if it can. */
    static List<String> unsupported(Variant variant) {
        List<String> problems = new ArrayList<>();
        for (TimelineEvent event : variant.timeline()) {
            String why = unsupported(event.operation());
            if (why != null) {
                problems.add("timeline at " + event.atMs() + " ms: " + why);
            }
        }
        for (FaultSpec fault : variant.faults()) {
            if (fault.kind().equals("networkPartition") || fault.kind().equals("brokerFailure")) {
                problems.add("faults: " + fault.kind() + " " + NOT_WITH_ONE_BROKER);
            }
        }
        return problems;
    }

    private static final String NOT_WITH_ONE_BROKER = "cannot be reproduced by a calibration run: its consumers"
            + " and broker share one machine's loopback interface, which cannot lose one consumer's requests"
            + " or fail one broker of several";

    private static String unsupported(Operation operation) {
        if (operation instanceof Operation.NetworkPartition) {
            return "networkPartition " + NOT_WITH_ONE_BROKER;
        }
        if (operation instanceof Operation.BrokerFailure) {
            return "brokerFailure " + NOT_WITH_ONE_BROKER;
        }
        return null;
    }

    /** The timeline and the drawn recurring faults, in time order (timeline first at equal times). */
    static List<TimelineEvent> replayed(Variant variant, long seed) {
        List<TimelineEvent> events = new ArrayList<>(variant.timeline());
        List<FaultSpec> faults = variant.faults();
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec fault = faults.get(i);
            List<String> targets = fault.consumers().all() ? variant.consumers().all() : fault.consumers().names();
            for (String pod : targets) {
                draw(fault, pod, Rng.stream(seed, "fault:" + i + ":" + fault.kind() + ":" + pod),
                        variant.durationMs(), events);
            }
        }
        List<TimelineEvent> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(TimelineEvent::atMs));
        return sorted;
    }

    /** The same draws as RecurringFaults.arm: the gap, then (when the fault fires) its duration, and so on. */
    private static void draw(FaultSpec fault, String pod, RandomGenerator random, long endMs, List<TimelineEvent> into) {
        long at = 0;
        while (true) {
            at += Math.max(1, Math.round(fault.every().sample(random)));
            if (at >= endMs) {
                return;
            }
            long durationMs = fault.duration() == null ? -1 : Math.max(0, Math.round(fault.duration().sample(random)));
            into.add(new TimelineEvent(at, operation(fault.kind(), ConsumerSelector.of(List.of(pod)), durationMs)));
        }
    }

    private static Operation operation(String kind, ConsumerSelector target, long durationMs) {
        return switch (kind) {
            case "gcPause" -> new Operation.GcPause(target, durationMs);
            case "slowRecord" -> new Operation.SlowRecord(target, null, durationMs);
            case "crash" -> new Operation.Crash(target, durationMs);
            default -> throw new IllegalArgumentException("fault kind " + kind + " is not replayed");
        };
    }
}
