/**
 * The metric registry: {@link org.rebalancesim.metrics.registry.Metric} defines each metric once
 * (name, unit, better direction, calibration rule, meaning, how calibrate measures it), and
 * {@link org.rebalancesim.metrics.registry.MetricValues} collects one run's values of them. It
 * depends on nothing else of the simulator, so the scenario loader, the recorder, the reports,
 * check, sweep and calibrate can all read it without a package cycle.
 */
package org.rebalancesim.metrics.registry;
