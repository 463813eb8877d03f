package org.rebalancesim.kubernetes.autoscaling;

/**
 * The outcome of one HPA sync.
 *
 * @param desiredReplicas the replica count the HPA sets (the current one when it does not rescale)
 * @param rescale         whether it updates the scale target's replicas
 * @param metricReplicas  the largest count the metrics asked for before stabilization and limits, or
 *                        -1 when the metrics were not read or gave none
 * @param reason          which branch of reconcileAutoscaler decided
 */
public record HpaDecision(int desiredReplicas, boolean rescale, int metricReplicas, Reason reason) {

    /** The branches of reconcileAutoscaler. */
    public enum Reason {
        /** The target has 0 replicas and minReplicas is not 0: "scaling is disabled" (how KEDA's scale-to-zero holds). */
        SCALING_DISABLED,
        /** "Current number of replicas above Spec.MaxReplicas": set to maxReplicas, metrics not read. */
        ABOVE_MAX_REPLICAS,
        /** "Current number of replicas below Spec.MinReplicas": set to minReplicas, metrics not read. */
        BELOW_MIN_REPLICAS,
        /** Every metric failed, or some failed and the others would scale down: no change. */
        INVALID_METRICS,
        /** From the metrics, stabilized and limited. */
        METRICS
    }
}
