package org.rebalancesim.kubernetes.autoscaling;

import org.rebalancesim.scenario.autoscaling.HpaScalingPolicy;
import org.rebalancesim.scenario.autoscaling.SelectPolicy;

/**
 * The policies' limit on one sync's change for an HPA with a behavior (horizontal.go
 * convertDesiredReplicasWithBehaviorRate, calculateScaleUpLimitWithScalingRules,
 * calculateScaleDownLimitWithBehaviors). Each policy starts from the replica count at the start of
 * its period (current − added + removed within it); a Pods policy moves that by its value, a Percent
 * policy multiplies it by (1 ± value/100), rounded up when scaling up (so 1 replica can grow) and
 * truncated when scaling down. selectPolicy picks the largest change (Max), the smallest (Min), or
 * none (Disabled).
 */
final class BehaviorRateLimit {

    private BehaviorRateLimit() {
    }

    /** The replica count after the rate limits and minReplicas/maxReplicas, for a stabilized recommendation. */
    static int limit(int desiredReplicas, int currentReplicas, int minReplicas, int maxReplicas,
                     EffectiveScalingRules scaleUp, EffectiveScalingRules scaleDown, ScaleEventHistory events, long nowMs) {
        if (desiredReplicas > currentReplicas) {
            int scaleUpLimit = Math.max(currentReplicas, scaleUpLimit(currentReplicas, events, scaleUp, nowMs));
            int maximumAllowedReplicas = Math.min(maxReplicas, scaleUpLimit);
            return Math.min(desiredReplicas, maximumAllowedReplicas);
        }
        if (desiredReplicas < currentReplicas) {
            int scaleDownLimit = Math.min(currentReplicas, scaleDownLimit(currentReplicas, events, scaleDown, nowMs));
            int minimumAllowedReplicas = Math.max(minReplicas, scaleDownLimit);
            return Math.max(desiredReplicas, minimumAllowedReplicas);
        }
        return desiredReplicas;
    }

    /** calculateScaleUpLimitWithScalingRules: the most replicas the scale-up policies allow now. */
    static int scaleUpLimit(int currentReplicas, ScaleEventHistory events, EffectiveScalingRules rules, long nowMs) {
        if (rules.selectPolicy() == SelectPolicy.DISABLED) {
            return currentReplicas;
        }
        boolean min = rules.selectPolicy() == SelectPolicy.MIN;
        int result = min ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        for (HpaScalingPolicy policy : rules.policies()) {
            int periodStartReplicas = periodStartReplicas(currentReplicas, events, policy, nowMs);
            int proposed = switch (policy.type()) {
                case PODS -> periodStartReplicas + policy.value();
                case PERCENT -> (int) Math.ceil(periodStartReplicas * (1 + policy.value() / 100.0));
            };
            result = min ? Math.min(result, proposed) : Math.max(result, proposed);
        }
        return result;
    }

    /** calculateScaleDownLimitWithBehaviors: the fewest replicas the scale-down policies allow now. */
    static int scaleDownLimit(int currentReplicas, ScaleEventHistory events, EffectiveScalingRules rules, long nowMs) {
        if (rules.selectPolicy() == SelectPolicy.DISABLED) {
            return currentReplicas;
        }
        // For scaling down the smallest change ("Min") is the largest replica count.
        boolean min = rules.selectPolicy() == SelectPolicy.MIN;
        int result = min ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (HpaScalingPolicy policy : rules.policies()) {
            int periodStartReplicas = periodStartReplicas(currentReplicas, events, policy, nowMs);
            int proposed = switch (policy.type()) {
                case PODS -> periodStartReplicas - policy.value();
                case PERCENT -> (int) (periodStartReplicas * (1 - policy.value() / 100.0));
            };
            result = min ? Math.max(result, proposed) : Math.min(result, proposed);
        }
        return result;
    }

    private static int periodStartReplicas(int currentReplicas, ScaleEventHistory events, HpaScalingPolicy policy,
                                           long nowMs) {
        return currentReplicas - events.replicasAddedInPeriod(policy.periodSeconds(), nowMs)
                + events.replicasDeletedInPeriod(policy.periodSeconds(), nowMs);
    }
}
