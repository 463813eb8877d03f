package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.autoscaling.ExternalAverageValueMetric;
import org.rebalancesim.scenario.autoscaling.HpaBehavior;
import org.rebalancesim.scenario.autoscaling.HpaScalingPolicy;
import org.rebalancesim.scenario.autoscaling.HpaScalingRules;
import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.PolicyType;
import org.rebalancesim.scenario.autoscaling.SelectPolicy;

/**
 * An HPA with {@code spec.behavior} against horizontal.go (kubernetes v1.34):
 * normalizeDesiredReplicasWithBehaviors, stabilizeRecommendationWithBehaviors,
 * convertDesiredReplicasWithBehaviorRate, calculateScaleUpLimitWithScalingRules,
 * calculateScaleDownLimitWithBehaviors, getReplicasChangePerPeriod and storeScaleEvent.
 */
class HpaBehaviorTest {

    private static HorizontalPodAutoscaler hpa(int maxReplicas, HpaBehavior behavior) {
        return new HorizontalPodAutoscaler(new HpaSpec(1, maxReplicas, List.of(new ExternalAverageValueMetric("lag", 10_000)),
                Optional.of(behavior)), HpaControllerConfig.DEFAULTS);
    }

    private static List<MetricReading> lag(long lag) {
        return List.of(new MetricReading.External(lag * 1000));
    }

    private static HpaScalingRules scaleDownAtOnce(SelectPolicy select, HpaScalingPolicy... policies) {
        return new HpaScalingRules(OptionalInt.of(0), Optional.of(select), List.of(policies), OptionalDouble.empty());
    }

    private static HpaScalingPolicy percent(int value, int periodSeconds) {
        return new HpaScalingPolicy(PolicyType.PERCENT, value, periodSeconds);
    }

    private static HpaScalingPolicy pods(int value, int periodSeconds) {
        return new HpaScalingPolicy(PolicyType.PODS, value, periodSeconds);
    }

    @Test
    void theDefaultBehaviorAddsTheLargerOfFourPodsAndDoublingPerFifteenSeconds() {
        HorizontalPodAutoscaler hpa = hpa(100, HpaBehavior.DEFAULTS);
        // From 2: max(2 + 4, ceil(2 x 2)) = 6.
        assertEquals(6, hpa.sync(0, 2, 2, lag(1000)).desiredReplicas());
        // 15 s later the +4 at t = 0 is not strictly after the cutoff (now − 15 s): the period starts at 6,
        // max(6 + 4, 12) = 12.
        assertEquals(12, hpa.sync(15_000, 6, 6, lag(1000)).desiredReplicas());
    }

    @Test
    void aScaleEventInsideThePeriodCountsAgainstIt() {
        HorizontalPodAutoscaler hpa = hpa(100, HpaBehavior.DEFAULTS);
        hpa.sync(0, 2, 2, lag(1000));
        // 10 s later the +4 is inside the 15 s period: it started at 6 − 4 = 2, the limit is still 6.
        HpaDecision held = hpa.sync(10_000, 6, 6, lag(1000));
        assertFalse(held.rescale());
        assertEquals(6, held.desiredReplicas());
    }

    @Test
    void aPercentPolicyRoundsUpWhenScalingUpAndDownWhenScalingDown() {
        HpaBehavior halves = new HpaBehavior(HpaScalingRules.withPolicies(SelectPolicy.MAX, List.of(percent(50, 60))),
                scaleDownAtOnce(SelectPolicy.MAX, percent(50, 60)));
        // Up from 3: ceil(3 x 1.5) = ceil(4.5) = 5. Down from 5: int(5 x 0.5) = int(2.5) = 2.
        assertEquals(5, hpa(100, halves).sync(0, 3, 3, lag(1000)).desiredReplicas());
        assertEquals(2, hpa(100, halves).sync(0, 5, 5, lag(0)).desiredReplicas());
    }

    @Test
    void aPercentScaleDownHoldsWhileItsRemovalsAreInsideThePeriod() {
        HorizontalPodAutoscaler hpa = hpa(100, new HpaBehavior(HpaScalingRules.unset(),
                scaleDownAtOnce(SelectPolicy.MAX, percent(10, 60))));
        // From 80: int(80 x 0.9) = 72. At 15 s the 8 removed are inside the 60 s period: it started at 80, the
        // limit is 72 again, no change. At 60 s they are not after the cutoff: int(72 x 0.9) = int(64.8) = 64.
        assertEquals(72, hpa.sync(0, 80, 80, lag(0)).desiredReplicas());
        assertFalse(hpa.sync(15_000, 72, 72, lag(0)).rescale());
        assertEquals(64, hpa.sync(60_000, 72, 72, lag(0)).desiredReplicas());
    }

    @Test
    void selectPolicyMinTakesTheSmallestChangeInEitherDirection() {
        // Up from 10 with the default policies: Max gives max(14, 20) = 20, Min gives min(14, 20) = 14.
        HpaBehavior minUp = new HpaBehavior(
                HpaScalingRules.withPolicies(SelectPolicy.MIN, EffectiveScalingRules.DEFAULT_SCALE_UP_POLICIES), null);
        assertEquals(20, hpa(100, HpaBehavior.DEFAULTS).sync(0, 10, 10, lag(1000)).desiredReplicas());
        assertEquals(14, hpa(100, minUp).sync(0, 10, 10, lag(1000)).desiredReplicas());
        // Down from 400 with 5 pods or 10 % per 60 s: Max allows the larger removal, min(395, 360) = 360;
        // Min the smaller, max(395, 360) = 395.
        HpaBehavior maxDown = new HpaBehavior(null, scaleDownAtOnce(SelectPolicy.MAX, pods(5, 60), percent(10, 60)));
        HpaBehavior minDown = new HpaBehavior(null, scaleDownAtOnce(SelectPolicy.MIN, pods(5, 60), percent(10, 60)));
        assertEquals(360, hpa(500, maxDown).sync(0, 400, 400, lag(0)).desiredReplicas());
        assertEquals(395, hpa(500, minDown).sync(0, 400, 400, lag(0)).desiredReplicas());
    }

    @Test
    void selectPolicyDisabledStopsThatDirection() {
        HpaBehavior noDown = new HpaBehavior(null, scaleDownAtOnce(SelectPolicy.DISABLED, percent(100, 15)));
        HpaDecision decision = hpa(100, noDown).sync(0, 10, 10, lag(0));
        assertEquals(0, decision.metricReplicas());
        assertFalse(decision.rescale());
        assertEquals(10, decision.desiredReplicas());
    }

    @Test
    void aScaleUpStabilizationWindowWaitsForTheLowestRecentRecommendationToAge() {
        HorizontalPodAutoscaler hpa = hpa(100, new HpaBehavior(HpaScalingRules.withStabilizationWindow(60), null));
        // t = 0 recorded the current 2; while it is strictly after now − 60 s it is a floor the count stays at.
        for (long t = 0; t < 60_000; t += 15_000) {
            HpaDecision held = hpa.sync(t, 2, 2, lag(100));
            assertEquals(10, held.metricReplicas(), "at " + t);
            assertFalse(held.rescale(), "at " + t);
        }
        // At 60 s the lowest left is 10; the default policies allow max(2 + 4, 4) = 6.
        assertEquals(6, hpa.sync(60_000, 2, 2, lag(100)).desiredReplicas());
    }

    @Test
    void aScaleDownStabilizationWindowKeepsTheHighestRecentRecommendation() {
        HorizontalPodAutoscaler hpa = hpa(100, new HpaBehavior(null, HpaScalingRules.withStabilizationWindow(60)));
        hpa.sync(0, 10, 10, lag(100));
        // The 10s recorded at 0 hold the count until they are no longer strictly after now − 60 s.
        assertFalse(hpa.sync(45_000, 10, 10, lag(20)).rescale());
        assertEquals(2, hpa.sync(60_000, 10, 10, lag(20)).desiredReplicas());
    }

    @Test
    void aBehaviorsToleranceReplacesTheControllersInItsDirection() {
        // A ratio of 1.05 is within the default 0.1, outside a scaleUp tolerance of 0.02: ceil(10.5) = 11.
        HpaScalingRules tightUp = new HpaScalingRules(OptionalInt.empty(), Optional.empty(), List.of(), OptionalDouble.of(0.02));
        assertFalse(hpa(100, HpaBehavior.DEFAULTS).sync(0, 10, 10, lag(105)).rescale());
        assertEquals(11, hpa(100, new HpaBehavior(tightUp, null)).sync(0, 10, 10, lag(105)).desiredReplicas());
    }
}
