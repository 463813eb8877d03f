package org.rebalancesim.scenario.autoscaling;

/**
 * A scenario's {@code consumers.autoscaler}: either a KEDA ScaledObject (which creates and feeds an
 * HPA of its own) or a plain HorizontalPodAutoscaler.
 */
public sealed interface AutoscalerSpec permits ScaledObjectSpec, HpaSpec {

    /** The HPA that scales the consumers, as the controller sees it. */
    HpaSpec horizontalPodAutoscaler();
}
