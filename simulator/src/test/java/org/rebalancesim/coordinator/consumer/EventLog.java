package org.rebalancesim.coordinator.consumer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.coordinator.Cause;

/** Records what a consumer group reports, in order, with the simulated time. */
final class EventLog implements ConsumerGroupListener {

    /** One reported event: its kind ("state", "epoch", "target", "reached", "fenced") and a short text. */
    record Event(long atMs, String kind, String text) {
    }

    private final LongSupplier clock;
    final List<Event> events = new ArrayList<>();
    final List<Integer> bumps = new ArrayList<>();
    final List<Integer> reached = new ArrayList<>();
    final List<String> fenced = new ArrayList<>();
    final Map<Integer, Map<String, List<TopicPartition>>> targets = new LinkedHashMap<>();
    final List<State> states = new ArrayList<>();

    EventLog(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public void stateChanged(State from, State to, int groupEpoch, String reason) {
        states.add(to);
        add("state", from + "->" + to + "@" + groupEpoch);
    }

    @Override
    public void groupEpochBumped(int groupEpoch, Cause cause) {
        bumps.add(groupEpoch);
        add("epoch", groupEpoch + " " + cause.text());
    }

    @Override
    public void targetAssignmentComputed(int epoch, Map<String, List<TopicPartition>> target) {
        targets.put(epoch, target);
        add("target", epoch + " " + target);
    }

    @Override
    public void targetReached(int epoch) {
        reached.add(epoch);
        add("reached", String.valueOf(epoch));
    }

    @Override
    public void memberFenced(String memberId, String instanceId, String reason) {
        fenced.add(memberId + ":" + reason);
        add("fenced", memberId + " " + instanceId + " " + reason);
    }

    /** The kinds of the events, in order. */
    List<String> kinds() {
        return events.stream().map(Event::kind).toList();
    }

    void clear() {
        events.clear();
        bumps.clear();
        reached.clear();
        fenced.clear();
        targets.clear();
        states.clear();
    }

    private void add(String kind, String text) {
        events.add(new Event(clock.getAsLong(), kind, text));
    }
}
