package org.rebalancesim.coordinator.consumer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.GroupListener;

/** Records what a consumer group publishes, in order, with the simulated time. */
final class EventLog implements GroupListener, GroupEvents {

    /** One reported event: its kind ("state", "epoch", "target", "reached", "fenced") and a short text. */
    record Event(long atMs, String kind, String text) {
    }

    private final LongSupplier clock;
    final List<Event> events = new ArrayList<>();
    final List<Integer> bumps = new ArrayList<>();
    /** The rebalance starts, each with whether the group was empty then (one per bump). */
    final List<Boolean> startsFromEmpty = new ArrayList<>();
    final List<Integer> reached = new ArrayList<>();
    final List<String> fenced = new ArrayList<>();
    final Map<Integer, Map<String, List<TopicPartition>>> targets = new LinkedHashMap<>();
    final List<ConsumerGroupState> states = new ArrayList<>();

    EventLog(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public void publish(GroupEvent event) {
        event.deliverTo(this);
    }

    @Override
    public void groupStateChanged(GroupStateChanged event) {
        states.add((ConsumerGroupState) event.to());
        add("state", event.from() + "->" + event.to() + "@" + event.epoch());
    }

    @Override
    public void rebalanceStarted(RebalanceStarted event) {
        startsFromEmpty.add(event.fromEmpty());
    }

    @Override
    public void groupEpochBumped(GroupEpochBumped event) {
        bumps.add(event.epoch());
        add("epoch", event.epoch() + " " + event.cause().text());
    }

    @Override
    public void assignmentComputed(AssignmentComputed event) {
        if (event.kind() != AssignmentComputed.Kind.TARGET) {
            throw new AssertionError("a consumer group computes targets, not " + event.kind());
        }
        targets.put(event.epoch(), event.assignment());
        add("target", event.epoch() + " " + event.assignment());
    }

    @Override
    public void rebalanceCompleted(RebalanceCompleted event) {
        reached.add(event.epoch());
        add("reached", String.valueOf(event.epoch()));
    }

    @Override
    public void memberRemoved(MemberRemoved event) {
        fenced.add(event.memberId() + ":" + event.wording());
        add("fenced", event.memberId() + " " + event.instanceId() + " " + event.wording());
    }

    /** The kinds of the events, in order. */
    List<String> kinds() {
        return events.stream().map(Event::kind).toList();
    }

    void clear() {
        events.clear();
        bumps.clear();
        startsFromEmpty.clear();
        reached.clear();
        fenced.clear();
        targets.clear();
        states.clear();
    }

    private void add(String kind, String text) {
        events.add(new Event(clock.getAsLong(), kind, text));
    }
}
