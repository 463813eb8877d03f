/**
 * Turns what a run reports into results: {@link org.rebalancesim.metrics.RunRecorder} hears the
 * group's events and builds each variant's immutable {@link org.rebalancesim.metrics.VariantResult}
 * (every metric of {@link org.rebalancesim.metrics.registry.Metric}, per-member Kafka metrics, time
 * series, the story), collected in a {@link org.rebalancesim.metrics.RunResult}. Observes only: it
 * never changes the model.
 *
 * <p>May depend on {@code engine}, {@code scenario}, {@code partition}, {@code workload},
 * {@code events} and {@code metrics.registry}. Must not depend on the coordinators, the clients,
 * {@code invariant}, {@code run} or anything that reports; results are data and rendering happens
 * elsewhere (docs/ARCHITECTURE.md, habit 10).
 */
package org.rebalancesim.metrics;
