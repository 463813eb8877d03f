package org.rebalancesim.events;

import java.util.List;

/**
 * The stream the model publishes its {@link GroupEvent}s to. The run's recorder and its invariant
 * monitor listen behind it; the model knows of neither.
 */
@FunctionalInterface
public interface GroupEvents {

    void publish(GroupEvent event);

    /** A stream that hands each event to every listener, in the order given. */
    static GroupEvents to(GroupListener... listeners) {
        List<GroupListener> all = List.of(listeners);
        return event -> {
            for (GroupListener listener : all) {
                event.deliverTo(listener);
            }
        };
    }
}
