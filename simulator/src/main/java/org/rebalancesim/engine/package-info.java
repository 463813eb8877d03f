/**
 * The discrete-event engine: the simulated clock, the event queue totally ordered by (time, sequence),
 * keyed timers with lazy cancellation, and the seeded random streams, one per entity
 * (docs/ARCHITECTURE.md, habits 1 to 4).
 *
 * <p>Depends on no other package of the project: it knows nothing of Kafka. Nothing here reads the
 * wall clock, sleeps or starts a thread.
 */
package org.rebalancesim.engine;
