package org.rebalancesim.invariant;

/** Which invariant checks a run makes. */
public enum Checks {

    /** Every check, every time (the default). */
    ALL,

    /**
     * {@code run --no-checks}: record conservation, whose cost is a pass over every partition, is checked
     * once at the end instead of at each of the run's 2,000 lag samples; every other check stays on (they
     * cost no more than the events they watch).
     */
    CHEAP;

    boolean expensive() {
        return this == ALL;
    }
}
