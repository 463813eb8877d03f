package org.rebalancesim.kubernetes.autoscaling;

/** What KEDA's RequestScale did at one poll (pkg/scaling/executor/scale_scaledobjects.go). */
public enum ScaleAction {
    /** Nothing to do: active with replicas (the HPA scales), or inactive and already at the floor. */
    NONE,
    /** Active at 0 replicas (or below minReplicaCount in idle mode): scaleFromZeroOrIdle. */
    SCALE_FROM_ZERO_OR_IDLE,
    /** Inactive for longer than the cooldown: scaleToZeroOrIdle to idleReplicaCount, or minReplicaCount (0). */
    SCALE_TO_ZERO_OR_IDLE,
    /** Inactive, but the cooldown since the last active poll has not passed ("ScalerCooldown"). */
    COOLING_DOWN,
    /** Inactive below minReplicaCount without idle mode: set to minReplicaCount. */
    SCALE_TO_MIN_REPLICA_COUNT
}
