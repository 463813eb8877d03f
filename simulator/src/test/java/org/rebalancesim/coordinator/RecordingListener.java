package org.rebalancesim.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.RemovalReason;

/** Records what the coordinator publishes, with the simulated time of each event. */
final class RecordingListener implements GroupListener, GroupEvents {

    record Transition(ClassicGroupState from, ClassicGroupState to, int generationId, String reason, long atMs) {
        @Override
        public String toString() {
            return from + "->" + to;
        }
    }

    /** {@code wording}: the classic coordinator's own name of the reason. */
    record Removal(String memberId, String groupInstanceId, RemovalReason reason, String wording, long atMs) {
    }

    record StableGeneration(int generationId, Map<String, List<TopicPartition>> assignment, long atMs) {
    }

    final List<Transition> transitions = new ArrayList<>();
    final List<Removal> removals = new ArrayList<>();
    final List<StableGeneration> stables = new ArrayList<>();
    /** The generations whose rebalance completed, in order. */
    final List<Integer> completed = new ArrayList<>();
    private final LongSupplier clock;

    RecordingListener(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public void publish(GroupEvent event) {
        event.deliverTo(this);
    }

    @Override
    public void groupStateChanged(GroupStateChanged event) {
        transitions.add(new Transition((ClassicGroupState) event.from(), (ClassicGroupState) event.to(), event.epoch(),
                event.cause().text(), clock.getAsLong()));
    }

    @Override
    public void memberRemoved(MemberRemoved event) {
        removals.add(new Removal(event.memberId(), event.instanceId(), event.reason(), event.wording(),
                clock.getAsLong()));
    }

    @Override
    public void assignmentComputed(AssignmentComputed event) {
        if (event.kind() != AssignmentComputed.Kind.GENERATION) {
            throw new AssertionError("a classic group hands out generations, not " + event.kind());
        }
        stables.add(new StableGeneration(event.epoch(), Map.copyOf(event.assignment()), clock.getAsLong()));
    }

    @Override
    public void rebalanceCompleted(RebalanceCompleted event) {
        completed.add(event.epoch());
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
        completed.clear();
    }
}
