/**
 * The charts, drawn headless with JFreeChart: a timeline per variant (members by state, rebalances,
 * faults), partition ownership, downtime and lag, and the sweep's mean with confidence bands; PNG and
 * SVG. The same colour means the same thing everywhere.
 *
 * <p>May depend on {@code scenario}, {@code metrics}, {@code sweep} and {@code cluster}'s partition
 * types. Must not depend on the model's other packages or on {@code cli}.
 */
package org.rebalancesim.report.chart;
