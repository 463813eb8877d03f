package org.rebalancesim.sweep;

import java.util.List;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.scenario.SettingKey;

/**
 * One swept key with its values in the order given; each value is a ready {@link Setting}.
 *
 * @param overriddenIn the variants that write the key themselves: the sweep's values replace theirs too
 */
public record SweepParameter(SettingKey key, List<Setting> values, List<String> overriddenIn) {

    public SweepParameter {
        values = List.copyOf(values);
        overriddenIn = List.copyOf(overriddenIn);
    }

    /** The swept keys whose values replace {@code variant}'s own, in --set order. */
    public static List<String> overriddenKeys(List<SweepParameter> parameters, String variant) {
        return parameters.stream().filter(p -> p.overriddenIn().contains(variant)).map(p -> p.key().key()).toList();
    }

    /** The variant's name, and, when the sweep replaces values it sets itself, which: for legends and tables. */
    public static String label(List<SweepParameter> parameters, String variant) {
        List<String> keys = overriddenKeys(parameters, variant);
        return keys.isEmpty() ? variant : variant + " (its own " + String.join(", ", keys) + " replaced by --set)";
    }
}
