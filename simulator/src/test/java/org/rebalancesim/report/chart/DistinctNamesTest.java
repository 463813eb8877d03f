package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Chart names and file stems: the first of equal names keeps it, the later ones get the first free "-n". */
class DistinctNamesTest {

    @Test
    void laterEqualNamesGetTheFirstFreeSuffix() {
        assertEquals(List.of("a", "b", "a-2", "a-3"), DistinctNames.of(List.of("a", "b", "a", "a")));
        assertEquals(List.of("a", "a-2", "a-2-2"), DistinctNames.of(List.of("a", "a", "a-2")));
        assertEquals(List.of(), DistinctNames.of(List.of()));
    }
}
