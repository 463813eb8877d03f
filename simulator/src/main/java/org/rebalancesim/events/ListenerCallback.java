package org.rebalancesim.events;

import java.util.Arrays;
import java.util.List;

/**
 * The application's ConsumerRebalanceListener callbacks, by the names Kafka's interface gives them (consumers.listener;
 * docs/kafka-semantics.md §6): the keys of the listenerTimeByCallback metric.
 */
public enum ListenerCallback {
    REVOKED("onPartitionsRevoked"),
    ASSIGNED("onPartitionsAssigned"),
    LOST("onPartitionsLost");

    private final String method;

    ListenerCallback(String method) {
        this.method = method;
    }

    /** The listener method's name. */
    public String method() {
        return method;
    }

    /** Every callback's method name, in declaration order. */
    public static List<String> methods() {
        return Arrays.stream(values()).map(ListenerCallback::method).toList();
    }
}
