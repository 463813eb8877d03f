package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/** The best value of each row follows the registry's direction; nothing is marked when there is no choice. */
class MetricsTableTest {

    private static List<Boolean> best(String metric, Number... values) {
        return MetricsTable.best(metric, Arrays.asList(values));
    }

    @Test
    void lessIsBetterForTimesAndCountsAndTiesAreAllMarked() {
        assertEquals(List.of(false, true, true), best("stopTheWorldMs", 30L, 10L, 10L));
        assertEquals(List.of(true, false), best("rebalances", 0L, 2L));
        assertEquals(List.of(false, true), best("duplicates", 5L, 4L));
    }

    @Test
    void moreIsBetterForDistinctRecordsProcessed() {
        assertEquals(List.of(false, true), best("recordsProcessedUnique", 100L, 120L));
    }

    @Test
    void neutralMetricsAndEqualRowsAndASingleColumnHaveNoBest() {
        assertEquals(List.of(false, false), best("recordsProduced", 100L, 120L));
        assertEquals(List.of(false, false), best("recordsProcessed", 100L, 120L));
        assertEquals(List.of(false, false, false), best("evictions", 1L, 1L, 1L));
        assertEquals(List.of(false), best("evictions", 3L));
        assertEquals(List.of(false, false), best("evictions", 1L, 1.0), "1 and 1.0 are the same value");
    }

    @Test
    void aMissingValueIsNeitherBestNorCounted() {
        assertEquals(List.of(false, true, false), best("maxLag", null, 3L, 7L));
        assertEquals(List.of(false, false), best("maxLag", null, 3L));
    }

    @Test
    void rowsShowTheValuesAsResultJsonRoundsThemInHumanUnits() {
        Map<String, Number> a = new LinkedHashMap<>(Map.of("maxLag", 7_000L));
        Map<String, Number> b = new LinkedHashMap<>(Map.of("maxLag", 2.34567));
        List<MetricsTable.Row> rows = MetricsTable.rows(List.of(variant("a", a), variant("b", b)));
        assertEquals(1, rows.size());
        assertEquals(List.of(new HumanUnits.Reading("7,000", ""), new HumanUnits.Reading("2.346", "")),
                rows.get(0).values());
        assertEquals(List.of(false, true), rows.get(0).best());
        assertEquals("records", rows.get(0).unit());
    }

    static VariantResult variant(String name, Map<String, Number> metrics) {
        return new VariantResult(name, "classic/eager (range)", metrics, Map.of(), List.of(),
                new Series(List.of(), List.of(), List.of(), List.of(), List.of()), 0);
    }
}
