package org.rebalancesim.sweep;

import java.util.List;
import java.util.stream.Collectors;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Setting;

/**
 * One point of the grid: a value for each swept key, and the scenario validated with them.
 *
 * @param index    the cell's position in the grid (first --set varies slowest)
 * @param settings one per parameter, in --set order
 */
public record SweepCell(int index, List<Setting> settings, Scenario scenario) {

    public SweepCell {
        settings = List.copyOf(settings);
    }

    /** "session.timeout.ms=10000, consumers.count=6", or "the file as it is" without settings. */
    public String label() {
        return settings.isEmpty() ? "the file as it is"
                : settings.stream().map(Setting::toString).collect(Collectors.joining(", "));
    }
}
