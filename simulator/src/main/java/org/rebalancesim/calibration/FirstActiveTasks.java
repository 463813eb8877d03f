package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Kafka Streams process's cold work before its first active stateful tasks restore, for the simulated side's
 * {@code startup.firstActiveTask}: like a JVM's start it is the machine's CPU, not Kafka's protocol
 * (docs/kafka-semantics.md §19). One sample per process whose stream thread was given active tasks for the first
 * time since its launch: from that {@code assigned} (its onPartitionsAssigned) to its first {@code restoreStart}
 * (the state updater has created the tasks and opened their stores), however long the process had run. A
 * process given only standbys or warm-ups has no partitions in its assignment and waits for its first active
 * task; one whose first active tasks are stateless gives no sample (the stateless calibration scenarios set
 * theirs from their runs' first {@code taskRunning}, docs/kafka-semantics.md §19).
 */
final class FirstActiveTasks {

    private FirstActiveTasks() {
    }

    /** Every process's first active tasks' cold work in the runs, each in ms, in the runs' order. */
    static List<Double> of(List<List<MeasuredEvent>> runs) {
        List<Double> samples = new ArrayList<>();
        for (List<MeasuredEvent> run : runs) {
            Set<String> hadActives = new HashSet<>();
            Map<String, Long> firstAssigned = new HashMap<>();
            for (MeasuredEvent event : run) {
                String pod = event.pod();
                switch (event.type()) {
                    case "podStart" -> {
                        hadActives.remove(pod);
                        firstAssigned.remove(pod);
                    }
                    case "assigned" -> {
                        if (!event.partitions().isEmpty() && hadActives.add(pod)) {
                            firstAssigned.put(pod, event.atMs());
                        }
                    }
                    case "restoreStart" -> {
                        Long assignedMs = firstAssigned.remove(pod);
                        if (assignedMs != null) {
                            samples.add((double) (event.atMs() - assignedMs));
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
