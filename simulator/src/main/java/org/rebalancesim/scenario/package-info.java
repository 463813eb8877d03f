/**
 * The scenario file: {@link org.rebalancesim.scenario.ScenarioLoader} turns YAML into validated,
 * immutable records ({@link org.rebalancesim.scenario.Scenario}, one
 * {@link org.rebalancesim.scenario.Variant} per configuration), reporting every problem with its YAML
 * path. The format is docs/scenario-format.md; its test checks that every key parsed here is
 * documented there.
 *
 * <p>Depends on {@code metrics.registry} (the metric names {@code expect:} may use) and
 * {@code scenario.autoscaling} (the autoscaler records it builds) alone; everything downstream reads these records
 * and nothing writes them back.
 */
package org.rebalancesim.scenario;
