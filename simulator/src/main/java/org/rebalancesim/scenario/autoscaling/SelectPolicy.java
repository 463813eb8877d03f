package org.rebalancesim.scenario.autoscaling;

/** An HPA scaling direction's {@code selectPolicy} (autoscaling/v2 ScalingPolicySelect). */
public enum SelectPolicy {
    /** The default: the policy that allows the largest change. */
    MAX("Max"),
    /** The policy that allows the smallest change. */
    MIN("Min"),
    /** No scaling in this direction. */
    DISABLED("Disabled");

    private final String yamlName;

    SelectPolicy(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }

    public static SelectPolicy fromYaml(String value) {
        for (SelectPolicy policy : values()) {
            if (policy.yamlName.equals(value)) {
                return policy;
            }
        }
        throw new IllegalArgumentException("selectPolicy must be Max, Min or Disabled, not " + value);
    }
}
