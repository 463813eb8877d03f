package org.rebalancesim.kubernetes.autoscaling;

import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.HpaBehavior;

/**
 * The usage ratio band within which the HPA keeps the current replica count
 * (replica_calculator.go Tolerances.isWithin: 1 − scaleDown ≤ ratio ≤ 1 + scaleUp, bounds included).
 *
 * @param scaleDown the tolerance below 1
 * @param scaleUp   the tolerance above 1
 */
public record Tolerances(double scaleDown, double scaleUp) {

    /** Whether the ratio is close enough to 1 to change nothing. A NaN ratio is not within. */
    public boolean isWithin(double usageRatio) {
        return (1.0 - scaleDown) <= usageRatio && usageRatio <= (1.0 + scaleUp);
    }

    /**
     * tolerancesForHpa: the controller's tolerance both ways, unless the HPA has a behavior whose
     * scaleUp or scaleDown sets its own.
     */
    static Tolerances of(HpaSpec spec, HpaControllerConfig controller) {
        if (spec.behavior().isEmpty()) {
            return new Tolerances(controller.tolerance(), controller.tolerance());
        }
        HpaBehavior behavior = spec.behavior().get();
        return new Tolerances(behavior.scaleDown().tolerance().orElse(controller.tolerance()),
                behavior.scaleUp().tolerance().orElse(controller.tolerance()));
    }
}
