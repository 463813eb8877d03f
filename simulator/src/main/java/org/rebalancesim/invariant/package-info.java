/**
 * The properties every run keeps, checked while it runs (docs/ARCHITECTURE.md, habit 11): no
 * partition owned twice in one generation, generations and epochs never going back, records never
 * lost, a stable group holding a complete assignment. The monitor hears the same
 * {@link org.rebalancesim.events.GroupEvents} stream as the recorder. A broken invariant is a bug of
 * the simulator and stops the run.
 *
 * <p>May depend on the model's packages and on {@code events}; reads the model, never changes it.
 * Must not depend on {@code metrics}, {@code run} or anything that reports.
 */
package org.rebalancesim.invariant;
