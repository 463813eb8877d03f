package org.rebalancesim.scenario.autoscaling;

/**
 * One of {@code behavior.scaleUp/scaleDown.policies} (autoscaling/v2 HPAScalingPolicy), with the
 * API server's validation (validateScalingPolicy: value > 0, 0 < periodSeconds ≤ 1800).
 *
 * @param type          Pods or Percent
 * @param value         replicas, or percent of the replicas at the start of the period
 * @param periodSeconds how far back the scale events this policy counts go
 */
public record HpaScalingPolicy(PolicyType type, int value, int periodSeconds) {

    /** The most periodSeconds may be (MaxPeriodSeconds, pkg/apis/autoscaling/validation). */
    public static final int MAX_PERIOD_SECONDS = 1800;

    public HpaScalingPolicy {
        if (type == null) {
            throw new IllegalArgumentException("policies[].type must be Pods or Percent");
        }
        if (value <= 0) {
            throw new IllegalArgumentException("policies[].value must be greater than zero");
        }
        if (periodSeconds <= 0 || periodSeconds > MAX_PERIOD_SECONDS) {
            throw new IllegalArgumentException("policies[].periodSeconds must be in 1.." + MAX_PERIOD_SECONDS);
        }
    }
}
