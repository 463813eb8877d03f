package org.rebalancesim.kubernetes.autoscaling;

/**
 * The kube-controller-manager flags of the HPA controller, with their defaults
 * (pkg/controller/podautoscaler/config/v1alpha1/defaults.go, RecommendedDefaultHPAControllerConfiguration).
 *
 * @param syncPeriodMs                    --horizontal-pod-autoscaler-sync-period: how often each HPA is synced
 * @param tolerance                       --horizontal-pod-autoscaler-tolerance: the usage ratio band, both ways
 * @param downscaleStabilizationWindowMs  --horizontal-pod-autoscaler-downscale-stabilization
 * @param cpuInitializationPeriodMs       --horizontal-pod-autoscaler-cpu-initialization-period (for the
 *                                        caller's classification of pods, {@link PodCpuSample})
 * @param initialReadinessDelayMs         --horizontal-pod-autoscaler-initial-readiness-delay (likewise)
 */
public record HpaControllerConfig(long syncPeriodMs, double tolerance, long downscaleStabilizationWindowMs,
                                  long cpuInitializationPeriodMs, long initialReadinessDelayMs) {

    /** The defaults: 15 s, 0.1, 5 min, 5 min, 30 s. */
    public static final HpaControllerConfig DEFAULTS = new HpaControllerConfig(15_000, 0.1, 300_000, 300_000, 30_000);

    public HpaControllerConfig {
        if (syncPeriodMs <= 0 || downscaleStabilizationWindowMs < 0 || !(tolerance >= 0)) {
            throw new IllegalArgumentException("bad HPA controller configuration");
        }
        if (downscaleStabilizationWindowMs % 1000 != 0) {
            // maybeInitScaleDownStabilizationWindow keeps whole seconds of it.
            throw new IllegalArgumentException("the downscale stabilization window must be whole seconds");
        }
    }
}
