package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Collects the responses delivered to one request's callback. */
final class Replies<T> implements Consumer<T> {

    final List<T> received = new ArrayList<>();

    @Override
    public void accept(T response) {
        received.add(response);
    }

    /** The one response this request got (fails if none yet or more than one). */
    T single() {
        assertEquals(1, received.size(), "responses received: " + received);
        return received.get(0);
    }

    boolean isEmpty() {
        return received.isEmpty();
    }
}
