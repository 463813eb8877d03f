package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.scenario.Variant;

/**
 * A cold classic leader's first assignment on this machine, read from the coordinator's log, for the
 * simulated side's {@code startup.firstAssignment}: like a JVM's start, it is the machine's CPU, not Kafka's
 * protocol (docs/kafka-semantics.md §22). One sample per rebalance whose leader's process had not led a
 * rebalance since it was launched (its assignor's code is cold, however long the process has run): from the
 * coordinator's "Stabilized group" line (the JoinGroup answers go out) to its "Assignment received from
 * leader" line of the same generation, less the model's two one-way trips between them (the JoinGroup answer
 * to the leader, its SyncGroup back) at the scenario's mean latency.
 * The model charges the rest to the leader's cold work before its SyncGroup (consumer/ClassicMember).
 * Every member of the group is woken by its JoinGroup answer at that moment, all of them cold in a group's
 * first rebalance, so on a small machine the leader's share of the cores is in the sample too: four JVMs on
 * 2 cores took 32 to 70 ms where a leader on a quieter machine took 22 to 28.
 */
final class FirstAssignments {

    /** The model's one-way trips between the JoinGroup answers and the leader's SyncGroup at the coordinator. */
    static final int ONE_WAY_TRIPS = 2;

    private FirstAssignments() {
    }

    /** Every leader's first assignment in its process in the runs, each in ms (positive), in the runs' order. */
    static List<Double> of(Variant variant, List<List<MeasuredEvent>> runs) {
        double tripsMs = ONE_WAY_TRIPS * variant.cluster().network().latency().mean();
        Map<String, String> podsByName = CoordinatorLog.podsByName(variant, Map.of());
        List<Double> samples = new ArrayList<>();
        for (List<MeasuredEvent> run : runs) {
            Set<String> ledSinceLaunch = new HashSet<>();
            Map<Integer, Long> joinCompleted = new HashMap<>();
            for (MeasuredEvent event : run) {
                switch (event.type()) {
                    case "podStart" -> ledSinceLaunch.remove(event.pod());
                    case CoordinatorLog.JOIN_COMPLETE -> joinCompleted.put(event.generation(), event.atMs());
                    case CoordinatorLog.STABLE -> {
                        Long answeredMs = joinCompleted.get(event.generation());
                        String leader = event.memberId() == null ? null
                                : CoordinatorLog.podOfMember(event.memberId(), podsByName);
                        double coldMs = answeredMs == null ? 0 : event.atMs() - answeredMs - tripsMs;
                        // A gap no longer than the trips leaves no cold work to fit (a lognormal needs it positive).
                        if (coldMs > 0 && leader != null && !ledSinceLaunch.contains(leader)) {
                            samples.add(coldMs);
                        }
                        if (leader != null) {
                            ledSinceLaunch.add(leader);
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        return samples;
    }
}
