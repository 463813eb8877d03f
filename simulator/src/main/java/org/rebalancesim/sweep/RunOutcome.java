package org.rebalancesim.sweep;

/**
 * What a sweep keeps of one run: its metric values (in the order of the sweep's metric names), not
 * its time series, so that memory grows by a few hundred bytes per run.
 *
 * @param protocol          the variant's protocol label, e.g. "classic/eager (range)"
 * @param expectationsHeld  whether every expect: rule of the variant held in this run
 */
public record RunOutcome(double[] values, String protocol, boolean expectationsHeld) {
}
