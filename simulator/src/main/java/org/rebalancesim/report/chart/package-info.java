/**
 * The charts, drawn headless with JFreeChart: a timeline per variant (members by state, rebalances,
 * faults), partition ownership, for a large group members and partitions counted by state over time,
 * downtime and lag, and the sweep's mean with confidence bands; PNG and SVG. The same colour means the
 * same thing everywhere.
 *
 * <p>May depend on {@code scenario}, {@code metrics}, {@code sweep}, {@code events} (the display states),
 * {@code partition} and {@code output}. Must not depend on the model's other packages or on {@code cli}.
 */
package org.rebalancesim.report.chart;
