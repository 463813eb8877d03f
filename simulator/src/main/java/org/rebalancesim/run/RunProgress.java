package org.rebalancesim.run;

import org.rebalancesim.engine.Simulation;

/**
 * Told which of a command's simulations starts, so that a progress line can name it and follow it.
 * Nothing here reaches back into the run: the answer only listens to the simulation's clock.
 */
public interface RunProgress {

    /** No one follows the runs: the simulations check nothing more than without progress. */
    RunProgress NONE = run -> null;

    /**
     * One simulation of a variant.
     *
     * @param label      the scenario and variant ("big/base"), with the seed when there are several
     *                   ("big/base seed 43")
     * @param number     which run this is, from 1
     * @param total      how many runs the scenario has (variants × seeds)
     * @param durationMs the simulated time the run goes to
     */
    record Run(String label, int number, int total, long durationMs) {
    }

    /** The run starts; the answer hears its progress as it goes, or null when no one listens. */
    Simulation.Progress started(Run run);
}
