/**
 * Turns what a run reports into results: {@link org.rebalancesim.metrics.RunRecorder} listens to the
 * pods and the coordinators and builds each variant's immutable
 * {@link org.rebalancesim.metrics.VariantResult} (the metrics of docs/metrics.md, per-member Kafka
 * metrics, time series, the story), collected in a {@link org.rebalancesim.metrics.RunResult}.
 * Observes only: it never changes the model.
 *
 * <p>May depend on the model's packages for the events it hears ({@code engine}, {@code scenario},
 * {@code cluster}, {@code workload}, the coordinators' listener types, {@code consumer}'s observer).
 * Must not depend on {@code invariant}, {@code run} or anything that reports; results are data and
 * rendering happens elsewhere (docs/ARCHITECTURE.md, habit 10).
 */
package org.rebalancesim.metrics;
