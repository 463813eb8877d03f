/**
 * {@code explain}: tells a run's story in plain words, each rebalance with the chain of causes behind
 * it, checked against the limits of the variant's protocol, and the faults that caused nothing and
 * why. Works from the result and the variant only.
 *
 * <p>May depend on {@code scenario}, {@code metrics} (the result and its story), {@code events} (the
 * trigger, reason and state enums) and {@code protocol} (the limits in force). Must not run a
 * simulation or reach into the model's state.
 */
package org.rebalancesim.explain;
