package org.rebalancesim.coordinator.consumer;

import org.rebalancesim.coordinator.Errors;

/**
 * A ConsumerGroupHeartbeat refused with a Kafka error. Thrown only while validating, before anything in
 * the group changed (Kafka's coordinator writes no record for a failed request).
 */
public final class HeartbeatException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final Errors error;

    public HeartbeatException(Errors error, String message) {
        super(error + ": " + message, null, false, false);
        this.error = error;
    }

    public Errors error() {
        return error;
    }
}
