package org.rebalancesim.sweep;

/** A run of the sweep failed; the message says which cell, variant and seed, so it can be run alone. */
public final class SweepRunException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Transient: the run is for the command line that reports it, never serialized. */
    private final transient SweepPlan.RunId run;

    public SweepRunException(SweepPlan.RunId run, Throwable cause) {
        super("the run of " + run.cell().label() + ", variant " + run.variant() + ", seed " + run.seed()
                + " failed: " + cause.getMessage(), cause);
        this.run = run;
    }

    /** The run that failed: its cell's settings, its variant and its seed. */
    public SweepPlan.RunId run() {
        return run;
    }
}
