/**
 * A scenario's {@code consumers.autoscaler} as validated, immutable records: a KEDA ScaledObject's spec
 * ({@link org.rebalancesim.scenario.autoscaling.ScaledObjectSpec}, its Kafka triggers
 * {@link org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec}) or an autoscaling/v2
 * HorizontalPodAutoscaler's ({@link org.rebalancesim.scenario.autoscaling.HpaSpec}, its cpu metric and
 * its {@link org.rebalancesim.scenario.autoscaling.HpaBehavior}), with KEDA's and the API server's
 * field names and defaults, and constructors that refuse what KEDA and the API server refuse. The
 * parser in {@code scenario} builds them; docs/scenario-format.md lists the keys and docs/kubernetes.md
 * §6 the rules behind them.
 *
 * <p>A behavior is kept as written, each field unset when it is left out, because an HPA without a
 * behavior and one with {@code behavior: {}} scale differently; the defaults are filled in by
 * {@code kubernetes.autoscaling}, which makes the decisions from these records.
 *
 * <p>The records live here rather than in {@code kubernetes.autoscaling} so that the scenario layer
 * does not depend on the Kubernetes model. Depends on nothing of the project.
 */
package org.rebalancesim.scenario.autoscaling;
