package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The head and tail of a list that grows with the run or the group: what result.json keeps of it
 * (docs/metrics.md, "Result files"), so the file stays bounded. The start of a run and its end are what a
 * reader looks for first; the whole story is in story.txt.gz.
 */
final class ListExcerpt {

    private ListExcerpt() {
    }

    /** {@code all} when it has at most {@code max} entries, else its first half and last half of {@code max}. */
    static <T> List<T> of(List<T> all, int max) {
        if (all.size() <= max) {
            return all;
        }
        int head = (max + 1) / 2;
        List<T> kept = new ArrayList<>(all.subList(0, head));
        kept.addAll(all.subList(all.size() - (max - head), all.size()));
        return kept;
    }
}
