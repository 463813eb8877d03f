package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Names made distinct in order: a name already taken gets "-2", or "-3" and so on, the first one free.
 * Chart names become SVG ids and file stems, so two charts must never share one.
 */
public final class DistinctNames {

    private DistinctNames() {
    }

    /** One name per wanted name, in the same order; the first of equal names keeps it as it is. */
    public static List<String> of(List<String> wanted) {
        Set<String> used = new HashSet<>();
        List<String> distinct = new ArrayList<>();
        for (String name : wanted) {
            String candidate = name;
            for (int n = 2; !used.add(candidate); n++) {
                candidate = name + "-" + n;
            }
            distinct.add(candidate);
        }
        return List.copyOf(distinct);
    }
}
