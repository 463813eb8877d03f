package org.rebalancesim.scenario.autoscaling;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * {@code behavior.scaleUp} or {@code behavior.scaleDown} as written (autoscaling/v2 HPAScalingRules):
 * what is left out takes the API server's default when the HPA is created
 * ({@code kubernetes.autoscaling.EffectiveScalingRules}).
 *
 * @param stabilizationWindowSeconds 0..3600 when given (MaxStabilizationWindowSeconds)
 * @param selectPolicy               Max, Min or Disabled when given
 * @param policies                   the policies; empty when not given (the API requires at least one
 *                                   after defaulting, so an empty list can only mean "not given")
 * @param tolerance                  the per-direction tolerance (KEP-4951, feature gate
 *                                   HPAConfigurableTolerance: alpha in v1.33 and v1.34, beta and on
 *                                   by default in v1.35)
 */
public record HpaScalingRules(OptionalInt stabilizationWindowSeconds, Optional<SelectPolicy> selectPolicy,
                              List<HpaScalingPolicy> policies, OptionalDouble tolerance) {

    /** The most stabilizationWindowSeconds may be (MaxStabilizationWindowSeconds). */
    public static final int MAX_STABILIZATION_WINDOW_SECONDS = 3600;

    public HpaScalingRules {
        policies = List.copyOf(policies);
        if (stabilizationWindowSeconds.isPresent()
                && (stabilizationWindowSeconds.getAsInt() < 0
                || stabilizationWindowSeconds.getAsInt() > MAX_STABILIZATION_WINDOW_SECONDS)) {
            throw new IllegalArgumentException(
                    "stabilizationWindowSeconds must be in 0.." + MAX_STABILIZATION_WINDOW_SECONDS);
        }
        if (tolerance.isPresent() && !(tolerance.getAsDouble() >= 0)) {
            throw new IllegalArgumentException("tolerance must not be negative");
        }
    }

    /** A direction written as {@code {}} or left out: every field takes its default. */
    public static HpaScalingRules unset() {
        return new HpaScalingRules(OptionalInt.empty(), Optional.empty(), List.of(), OptionalDouble.empty());
    }

    /** Rules that set the stabilization window only. */
    public static HpaScalingRules withStabilizationWindow(int seconds) {
        return new HpaScalingRules(OptionalInt.of(seconds), Optional.empty(), List.of(), OptionalDouble.empty());
    }

    /** Rules that set the select policy and the policies only. */
    public static HpaScalingRules withPolicies(SelectPolicy select, List<HpaScalingPolicy> policies) {
        return new HpaScalingRules(OptionalInt.empty(), Optional.of(select), policies, OptionalDouble.empty());
    }
}
