package org.rebalancesim.invariant;

/** Which invariant checks a run makes. */
public enum Checks {

    /** Every check, every time (the default). */
    ALL,

    /**
     * {@code run --no-checks}: the checks whose cost grows with the partition count per event are left
     * out (the Stable assignment's coverage, record conservation at every lag sample); conservation is
     * still checked once at the end, and the cheap checks stay on.
     */
    CHEAP;

    boolean expensive() {
        return this == ALL;
    }
}
