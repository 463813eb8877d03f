package org.rebalancesim.scenario.autoscaling;

/**
 * An HPA's {@code spec.behavior} as written (autoscaling/v2 HorizontalPodAutoscalerBehavior). Its
 * presence matters: an HPA without one is scaled by the controller's older rules (at most
 * max(2 × current, 4) replicas a sync up, the highest recommendation of the last
 * downscale-stabilization window down), one with one, even {@code behavior: {}}, by the policies.
 * The API server fills only a behavior that is present (SetDefaults_HorizontalPodAutoscalerBehavior).
 *
 * @param scaleUp   {@code scaleUp}, {@link HpaScalingRules#unset()} when left out
 * @param scaleDown {@code scaleDown}, {@link HpaScalingRules#unset()} when left out
 */
public record HpaBehavior(HpaScalingRules scaleUp, HpaScalingRules scaleDown) {

    /** {@code behavior: {}}: every default, and the policy path of the controller. */
    public static final HpaBehavior DEFAULTS = new HpaBehavior(HpaScalingRules.unset(), HpaScalingRules.unset());

    public HpaBehavior {
        scaleUp = scaleUp == null ? HpaScalingRules.unset() : scaleUp;
        scaleDown = scaleDown == null ? HpaScalingRules.unset() : scaleDown;
    }
}
