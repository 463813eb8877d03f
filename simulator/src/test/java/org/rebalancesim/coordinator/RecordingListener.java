package org.rebalancesim.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.rebalancesim.cluster.TopicPartition;

/** Records what the coordinator reports, with the simulated time of each report. */
final class RecordingListener implements GroupListener {

    record Transition(ClassicGroupState from, ClassicGroupState to, int generationId, String reason, long atMs) {
        @Override
        public String toString() {
            return from + "->" + to;
        }
    }

    record Removal(String memberId, String groupInstanceId, RemovalReason reason, long atMs) {
    }

    record StableGeneration(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment,
                            long atMs) {
    }

    final List<Transition> transitions = new ArrayList<>();
    final List<Removal> removals = new ArrayList<>();
    final List<StableGeneration> stables = new ArrayList<>();
    private final LongSupplier clock;

    RecordingListener(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, Cause cause) {
        transitions.add(new Transition(from, to, generationId, cause.text(), clock.getAsLong()));
    }

    @Override
    public void memberRemoved(String memberId, String groupInstanceId, RemovalReason reason) {
        removals.add(new Removal(memberId, groupInstanceId, reason, clock.getAsLong()));
    }

    @Override
    public void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment) {
        stables.add(new StableGeneration(generationId, leaderId, Map.copyOf(assignment), clock.getAsLong()));
    }

    /** The transitions as "FROM->TO" strings. */
    List<String> path() {
        return transitions.stream().map(Transition::toString).toList();
    }

    Transition lastTransition() {
        return transitions.get(transitions.size() - 1);
    }

    void clear() {
        transitions.clear();
        removals.clear();
        stables.clear();
    }
}
