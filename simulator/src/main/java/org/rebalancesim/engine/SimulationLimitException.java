package org.rebalancesim.engine;

/** A run went past one of its bounds (events or simulated time): it fails loudly rather than hang. */
public final class SimulationLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimulationLimitException(String message) {
        super(message);
    }
}
