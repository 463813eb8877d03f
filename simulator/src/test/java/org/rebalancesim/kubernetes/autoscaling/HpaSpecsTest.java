package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.autoscaling.CpuUtilizationMetric;
import org.rebalancesim.scenario.autoscaling.HpaScalingPolicy;
import org.rebalancesim.scenario.autoscaling.HpaScalingRules;
import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.PolicyType;
import org.rebalancesim.scenario.autoscaling.SelectPolicy;

/**
 * The HPA's defaults: the API server's (pkg/apis/autoscaling/v2/defaults.go) and the controller's
 * (pkg/controller/podautoscaler/config/v1alpha1/defaults.go, maybeInitScaleDownStabilizationWindow).
 */
class HpaSpecsTest {

    @Test
    void theControllerDefaultsAreFifteenSecondsAndATenthTolerance() {
        assertEquals(15_000, HpaControllerConfig.DEFAULTS.syncPeriodMs());
        assertEquals(0.1, HpaControllerConfig.DEFAULTS.tolerance());
        assertEquals(300_000, HpaControllerConfig.DEFAULTS.downscaleStabilizationWindowMs());
    }

    @Test
    void anHpaWithoutMetricsTargetsEightyPercentCpu() {
        HpaSpec spec = new HpaSpec(HpaSpec.DEFAULT_MIN_REPLICAS, 5, List.of(), Optional.empty());
        assertEquals(List.of(new CpuUtilizationMetric(80)), spec.metrics());
        assertThrows(IllegalArgumentException.class, () -> new HpaSpec(0, 5, List.of(), Optional.empty()));
        assertThrows(IllegalArgumentException.class, () -> new HpaSpec(3, 2, List.of(), Optional.empty()));
    }

    @Test
    void anEmptyBehaviorGetsTheDefaultRules() {
        EffectiveScalingRules up = EffectiveScalingRules.scaleUp(HpaScalingRules.unset(), HpaControllerConfig.DEFAULTS);
        assertEquals(new EffectiveScalingRules(0, SelectPolicy.MAX, List.of(new HpaScalingPolicy(PolicyType.PODS, 4, 15),
                new HpaScalingPolicy(PolicyType.PERCENT, 100, 15)), 0.1), up);
        EffectiveScalingRules down = EffectiveScalingRules.scaleDown(HpaScalingRules.unset(), HpaControllerConfig.DEFAULTS);
        assertEquals(new EffectiveScalingRules(300, SelectPolicy.MAX, List.of(new HpaScalingPolicy(PolicyType.PERCENT, 100, 15)),
                0.1), down);
    }

    @Test
    void givenPoliciesReplaceTheDefaultsAndTheScaleDownWindowFollowsTheController() {
        List<HpaScalingPolicy> onePod = List.of(new HpaScalingPolicy(PolicyType.PODS, 1, 60));
        HpaControllerConfig slowDown = new HpaControllerConfig(15_000, 0.1, 600_000, 300_000, 30_000);
        EffectiveScalingRules down = EffectiveScalingRules.scaleDown(HpaScalingRules.withPolicies(SelectPolicy.MIN, onePod),
                slowDown);
        assertEquals(new EffectiveScalingRules(600, SelectPolicy.MIN, onePod, 0.1), down);
        assertEquals(60, down.longestPolicyPeriodSeconds());
    }

    @Test
    void theApiServersLimitsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new HpaScalingPolicy(PolicyType.PODS, 0, 15));
        assertThrows(IllegalArgumentException.class, () -> new HpaScalingPolicy(PolicyType.PODS, 1, 1801));
        assertThrows(IllegalArgumentException.class, () -> HpaScalingRules.withStabilizationWindow(3601));
        assertEquals(SelectPolicy.DISABLED, SelectPolicy.fromYaml("Disabled"));
        assertEquals(PolicyType.PERCENT, PolicyType.fromYaml("Percent"));
    }
}
