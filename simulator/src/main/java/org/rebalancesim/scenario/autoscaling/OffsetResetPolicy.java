package org.rebalancesim.scenario.autoscaling;

/**
 * KEDA's Kafka trigger {@code offsetResetPolicy}: what the scaler assumes a consumer without a
 * committed offset will read from (kafka_scaler.go, {@code offsetResetPolicy}). It should match the
 * consumers' {@code auto.offset.reset}; KEDA does not check that it does.
 */
public enum OffsetResetPolicy {
    /** The default: such a partition counts as a lag of 1 (or 0 with scaleToZeroOnInvalidOffset). */
    LATEST("latest"),
    /** Such a partition counts as its whole log end offset (or 0 with scaleToZeroOnInvalidOffset). */
    EARLIEST("earliest");

    private final String yamlName;

    OffsetResetPolicy(String yamlName) {
        this.yamlName = yamlName;
    }

    /** The value as written in the trigger's metadata. */
    public String yamlName() {
        return yamlName;
    }

    /** The policy for a metadata value; KEDA accepts only these two (the {@code enum=latest;earliest} tag). */
    public static OffsetResetPolicy fromYaml(String value) {
        for (OffsetResetPolicy policy : values()) {
            if (policy.yamlName.equals(value)) {
                return policy;
            }
        }
        throw new IllegalArgumentException("offsetResetPolicy must be latest or earliest, not " + value);
    }
}
