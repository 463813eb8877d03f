/**
 * Plays a run's timeline in the simulation: {@link org.rebalancesim.timeline.TimelinePlayer} applies
 * each timeline operation (start, stop, crash, restart, faults, broker failures, partition and
 * subscription changes) to the pods, brokers and topics at its time; {@link
 * org.rebalancesim.timeline.RecurringFaults} plays the random faults under {@code faults:}, whose
 * occurrences {@link org.rebalancesim.timeline.FaultArrivals} draws (also for {@code calibrate});
 * {@link org.rebalancesim.timeline.Pods} finds the pods an operation selects.
 */
package org.rebalancesim.timeline;
