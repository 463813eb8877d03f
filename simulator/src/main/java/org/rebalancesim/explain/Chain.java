package org.rebalancesim.explain;

/**
 * How a rebalance came about, in words.
 *
 * @param rootMs when the first link happened (a GC pause, a stop, a start): the line's time
 * @param cause  the links up to the rebalance's start ("c1 paused by GC for 12 s > ... → evicted at ...")
 * @param note   what the coordinator did meanwhile, told after the start (may be empty)
 */
record Chain(long rootMs, String cause, String note) {

    Chain(long rootMs, String cause) {
        this(rootMs, cause, "");
    }
}
