/**
 * {@code sweep}: a grid of {@code --set} values × variants × seeds, validated before anything runs,
 * run on a thread pool with results stored by run number (so they do not depend on the thread count),
 * and summarised per metric with medians, percentiles and confidence intervals.
 *
 * <p>May depend on {@code scenario}, {@code run}, {@code metrics} and {@code assignor} (one registry
 * per run). Must not depend on {@code report} or {@code cli}: the sweep's files are written by
 * {@code report}.
 */
package org.rebalancesim.sweep;
