package org.rebalancesim.scenario;

import java.util.Optional;

/** One operation of the timeline at a simulated time. */
public record TimelineEvent(long atMs, Operation operation) {

    /** The operation if it is a {@code type}, e.g. to find the subscription changes among the events. */
    public <T extends Operation> Optional<T> operationAs(Class<T> type) {
        return type.isInstance(operation) ? Optional.of(type.cast(operation)) : Optional.empty();
    }
}
