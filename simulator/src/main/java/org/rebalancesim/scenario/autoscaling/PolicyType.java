package org.rebalancesim.scenario.autoscaling;

/** An HPA scaling policy's {@code type} (autoscaling/v2 HPAScalingPolicyType). */
public enum PolicyType {
    /** {@code value} replicas per period. */
    PODS("Pods"),
    /** {@code value} percent of the replicas at the start of the period. */
    PERCENT("Percent");

    private final String yamlName;

    PolicyType(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }

    public static PolicyType fromYaml(String value) {
        for (PolicyType type : values()) {
            if (type.yamlName.equals(value)) {
                return type;
            }
        }
        throw new IllegalArgumentException("policies[].type must be Pods or Percent, not " + value);
    }
}
