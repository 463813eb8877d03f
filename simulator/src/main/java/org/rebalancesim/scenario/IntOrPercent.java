package org.rebalancesim.scenario;

/**
 * Kubernetes' {@code IntOrString} for counts such as a Deployment's {@code maxSurge}: a whole number of pods or a
 * percentage of the replicas ("25%"), turned into pods as {@code intstr.GetScaledValueFromIntOrPercent} does
 * (docs/kubernetes.md §3).
 *
 * @param value   the number, or the percentage
 * @param percent whether {@code value} is a percentage
 */
public record IntOrPercent(int value, boolean percent) {

    public static IntOrPercent pods(int value) {
        return new IntOrPercent(value, false);
    }

    public static IntOrPercent percentOf(int value) {
        return new IntOrPercent(value, true);
    }

    /** The pods this is of {@code total}: a percentage rounded up ({@code roundUp}) or down, as Kubernetes does. */
    public int scaled(int total, boolean roundUp) {
        if (!percent) {
            return value;
        }
        long hundredths = (long) value * total;
        return (int) (roundUp ? Math.ceil(hundredths / 100.0) : Math.floor(hundredths / 100.0));
    }

    /** As a manifest writes it: {@code 3} or {@code 25%}. */
    public String text() {
        return percent ? value + "%" : Integer.toString(value);
    }
}
