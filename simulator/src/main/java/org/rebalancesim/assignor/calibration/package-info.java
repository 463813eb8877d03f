/**
 * A tool, not part of the model: times Kafka's real assignors on this machine and fits the cost model
 * of {@link org.rebalancesim.assignor.AssignmentCost} ({@code scripts/calibrate-assignors}). The wall
 * clock is allowed here and nowhere else.
 *
 * <p>May depend on {@code assignor}, {@code cluster}, {@code coordinator} (to build inputs the way the
 * simulator does) and {@code report} (atomic file writes). Nothing in the model depends on it.
 */
package org.rebalancesim.assignor.calibration;
