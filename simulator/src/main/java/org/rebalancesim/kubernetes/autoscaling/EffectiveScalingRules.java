package org.rebalancesim.kubernetes.autoscaling;

import java.util.List;
import org.rebalancesim.scenario.autoscaling.HpaScalingPolicy;
import org.rebalancesim.scenario.autoscaling.HpaScalingRules;
import org.rebalancesim.scenario.autoscaling.PolicyType;
import org.rebalancesim.scenario.autoscaling.SelectPolicy;

/**
 * One direction's rules with every default filled in, as the HPA controller reads them: the API
 * server's GenerateHPAScaleUpRules / GenerateHPAScaleDownRules (pkg/apis/autoscaling/v2/defaults.go),
 * then the controller's maybeInitScaleDownStabilizationWindow (a scale-down window left out is the
 * controller's --horizontal-pod-autoscaler-downscale-stabilization) and tolerancesForHpa (a
 * tolerance left out is the controller's --horizontal-pod-autoscaler-tolerance).
 *
 * @param stabilizationWindowSeconds how far back recommendations are considered
 * @param selectPolicy               which policy's limit applies
 * @param policies                   at least one
 * @param tolerance                  the usage ratio band in this direction
 */
public record EffectiveScalingRules(int stabilizationWindowSeconds, SelectPolicy selectPolicy,
                                    List<HpaScalingPolicy> policies, double tolerance) {

    /** The default scale-up policies: 4 pods or 100 percent per 15 s (scaleUpLimitMinimumPods, scaleUpLimitPercent). */
    public static final List<HpaScalingPolicy> DEFAULT_SCALE_UP_POLICIES = List.of(
            new HpaScalingPolicy(PolicyType.PODS, 4, 15), new HpaScalingPolicy(PolicyType.PERCENT, 100, 15));
    /** The default scale-down policy: 100 percent per 15 s (scaleDownLimitPercent, scaleDownPeriod). */
    public static final List<HpaScalingPolicy> DEFAULT_SCALE_DOWN_POLICIES = List.of(
            new HpaScalingPolicy(PolicyType.PERCENT, 100, 15));
    /** The default scale-up stabilization window: none (scaleUpStabilizationSeconds). */
    public static final int DEFAULT_SCALE_UP_STABILIZATION_SECONDS = 0;

    public EffectiveScalingRules {
        policies = List.copyOf(policies);
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("policies: must specify at least one Policy");
        }
    }

    /** Scale-up rules as the controller reads them. */
    public static EffectiveScalingRules scaleUp(HpaScalingRules written, HpaControllerConfig controller) {
        return resolve(written, DEFAULT_SCALE_UP_STABILIZATION_SECONDS, DEFAULT_SCALE_UP_POLICIES, controller);
    }

    /** Scale-down rules as the controller reads them. */
    public static EffectiveScalingRules scaleDown(HpaScalingRules written, HpaControllerConfig controller) {
        int window = Math.toIntExact(controller.downscaleStabilizationWindowMs() / 1000);
        return resolve(written, window, DEFAULT_SCALE_DOWN_POLICIES, controller);
    }

    private static EffectiveScalingRules resolve(HpaScalingRules written, int defaultWindowSeconds,
                                                 List<HpaScalingPolicy> defaultPolicies, HpaControllerConfig controller) {
        return new EffectiveScalingRules(
                written.stabilizationWindowSeconds().orElse(defaultWindowSeconds),
                written.selectPolicy().orElse(SelectPolicy.MAX),
                written.policies().isEmpty() ? defaultPolicies : written.policies(),
                written.tolerance().orElse(controller.tolerance()));
    }

    /** getLongestPolicyPeriod: how long a scale event in this direction is kept before its slot is reused. */
    int longestPolicyPeriodSeconds() {
        int longest = 0;
        for (HpaScalingPolicy policy : policies) {
            longest = Math.max(longest, policy.periodSeconds());
        }
        return longest;
    }
}
