/**
 * {@code explain}: tells a run's story in plain words, each rebalance with the chain of causes behind
 * it, checked against the variant's configured limits, and the faults that caused nothing and why.
 * Works from the result and the variant only.
 *
 * <p>May depend on {@code scenario}, {@code metrics} (the result and its story) and the
 * coordinators' trigger and reason enums. Must not run a simulation or reach into the model's state.
 */
package org.rebalancesim.explain;
