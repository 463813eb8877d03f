package org.rebalancesim.events;

/**
 * Something a run's model reports: a coordinator about its group ({@link CoordinatorEvents}) or a pod
 * about its member ({@link PodEvents}). Events are immutable and published once, at the simulated time
 * they happen; every listener hears each of them, in publication order.
 */
public interface GroupEvent {

    /** Hands the event to the listener's method for its kind. */
    void deliverTo(GroupListener listener);
}
