package org.rebalancesim.scenario;

import java.util.List;

/**
 * Which pods an operation targets: named ones, or every pod alive when the operation runs.
 */
public record ConsumerSelector(boolean all, List<String> names) {

    public ConsumerSelector {
        names = List.copyOf(names);
    }

    public static ConsumerSelector allPods() {
        return new ConsumerSelector(true, List.of());
    }

    public static ConsumerSelector of(List<String> names) {
        return new ConsumerSelector(false, names);
    }

    /** The pods this selects among {@code allPods} (every pod of the scenario): all of them, or the named ones. */
    public List<String> among(List<String> allPods) {
        return all ? allPods : names;
    }

    /** How many pods this names in a scenario that ever starts {@code pods} pods. */
    public int count(int pods) {
        return all ? pods : names.size();
    }
}
