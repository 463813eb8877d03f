package org.rebalancesim.invariant;

import org.rebalancesim.engine.Simulation;

/** Where the checks get the clock from and how they stop the run: one place that builds the violation. */
final class Violations {

    private final Simulation sim;

    Violations(Simulation sim) {
        this.sim = sim;
    }

    long nowMs() {
        return sim.nowMs();
    }

    /** Stops the run: {@code event} is what just happened, {@code detail} what it broke. */
    InvariantViolation fail(Invariant invariant, String event, String detail) {
        throw new InvariantViolation(invariant, sim.nowMs(), sim.eventsRun(), event, detail);
    }
}
