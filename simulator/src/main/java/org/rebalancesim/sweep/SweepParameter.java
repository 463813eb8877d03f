package org.rebalancesim.sweep;

import java.util.List;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.scenario.SettingKey;

/** One swept key with its values in the order given; each value is a ready {@link Setting}. */
public record SweepParameter(SettingKey key, List<Setting> values) {

    public SweepParameter {
        values = List.copyOf(values);
    }
}
