package org.rebalancesim.cli;

/**
 * A command that runs scenarios. A broken invariant reaches {@link Main} with only the file, the
 * variant and the seed of the run; the command adds the other options that shaped it, so that the
 * printed line runs the very same run.
 */
interface ScenarioCommand {

    /** The {@code run} command for one variant of one of this command's runs. */
    RunLine rerun(String file, String variant, long seed);
}
