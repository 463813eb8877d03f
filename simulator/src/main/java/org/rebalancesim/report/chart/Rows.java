package org.rebalancesim.report.chart;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The rows a chart shows: the first {@code cap} names in row order out of {@code total}. Big groups
 * are capped so that rows stay readable and rendering cost stays bounded.
 */
record Rows(List<String> shown, int total) {

    Rows {
        shown = List.copyOf(shown);
    }

    static Rows of(Collection<String> names, Comparator<String> order, int cap) {
        List<String> sorted = names.stream().distinct().sorted(order).toList();
        return new Rows(sorted.subList(0, Math.min(cap, sorted.size())), sorted.size());
    }

    boolean capped() {
        return shown.size() < total;
    }

    /** "first 40 of 1000 consumers" when capped. */
    Optional<String> capNote(String noun) {
        return capped()
                ? Optional.of(String.format(Locale.ROOT, "first %d of %d %s", shown.size(), total, noun))
                : Optional.empty();
    }

    /** Row index of each shown name (0 = top row). */
    Map<String, Integer> indexByName() {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < shown.size(); i++) {
            index.put(shown.get(i), i);
        }
        return index;
    }
}
