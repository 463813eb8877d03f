package org.rebalancesim.sweep;

/** A run of the sweep failed; the message says which cell, variant and seed, so it can be run alone. */
public final class SweepRunException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SweepRunException(SweepPlan.RunId run, Throwable cause) {
        super("the run of " + run.cell().label() + ", variant " + run.variant() + ", seed " + run.seed()
                + " failed: " + cause.getMessage(), cause);
    }
}
