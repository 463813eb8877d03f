/**
 * Runs a scenario: {@link org.rebalancesim.run.ScenarioRunner} runs each variant in a world of its own
 * ({@link org.rebalancesim.run.VariantRun}: the protocol's coordinator and clients, cluster, pods,
 * timeline, recurring faults, recorder and invariant monitor on one event stream), after checking its
 * estimated event budget, and returns the {@link org.rebalancesim.metrics.RunResult}.
 *
 * <p>May depend on every package of the model and on {@code metrics} and {@code invariant}. Must not
 * depend on {@code explain}, {@code check}, {@code sweep}, {@code report}, {@code calibration} or
 * {@code cli}: running and presenting stay apart.
 */
package org.rebalancesim.run;
