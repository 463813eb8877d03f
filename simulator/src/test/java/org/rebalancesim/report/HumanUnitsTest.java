package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.metrics.registry.Unit;

/**
 * Values as report.html and summary.md show them (docs/metrics.md, "Values in the reports"): durations
 * in words rounded as documented, counts with thousands separators, and the exact value beside a
 * reading that rounds or converts it, on every machine the same.
 */
class HumanUnitsTest {

    private static String human(long ms) {
        return HumanUnits.of(ms, Unit.MS).human();
    }

    @Test
    void durationsReadInTheLargestUnitsThatStayReadable() {
        assertEquals("28 min", human(1_680_000));
        assertEquals("1 min 12 s", human(72_000));
        assertEquals("3.4 s", human(3_400));
        assertEquals("250 ms", human(250));
        assertEquals("0 ms", human(0));
        assertEquals("1 h 2 min", human(3_720_000));
    }

    @Test
    void durationsRoundHalfUpToTheirLastShownDigit() {
        assertEquals("999 ms", human(999));
        assertEquals("1 s", human(1_000));
        assertEquals("3.5 s", human(3_450), "tenths of a second below a minute");
        assertEquals("1 min", human(59_950), "59.95 s is 60.0 s, so a minute");
        assertEquals("13 min 51 s", human(830_500), "whole seconds from a minute on");
        assertEquals("1 h", human(3_599_500), "whole minutes from an hour on");
        assertEquals("251 ms", HumanUnits.of(250.5, Unit.MS).human(), "a median between two runs: whole ms first");
    }

    @Test
    void countsAndRecordsKeepEveryDigitWithThousandsSeparators() {
        assertEquals(new HumanUnits.Reading("1,680,000", ""), HumanUnits.of(1_680_000L, Unit.RECORDS));
        assertEquals(new HumanUnits.Reading("999", ""), HumanUnits.of(999L, Unit.COUNT));
        assertEquals(new HumanUnits.Reading("1,234.568", ""), HumanUnits.of(1234.5678, Unit.COUNT),
                "three decimals, as result.json");
        assertEquals(new HumanUnits.Reading("-1,000", ""), HumanUnits.of(-1000L, Unit.RECORDS));
    }

    @Test
    void theExactValueGoesWithADurationTheWordsRoundOrConvert() {
        assertEquals(new HumanUnits.Reading("28 min", "1,680,000 ms"), HumanUnits.of(1_680_000L, Unit.MS));
        assertEquals(new HumanUnits.Reading("13 min 51 s", "830,988 ms"), HumanUnits.of(830_988L, Unit.MS));
        assertEquals(new HumanUnits.Reading("250 ms", ""), HumanUnits.of(250L, Unit.MS), "nothing to add");
        assertEquals(new HumanUnits.Reading("", ""), HumanUnits.of(null, Unit.MS), "a missing value");
    }

    @Test
    void aMetricIsReadInItsOwnUnitAndAnUnknownNameAsResultJsonHasIt() {
        assertEquals(new HumanUnits.Reading("13 min 49 s", "828,983 ms"), HumanUnits.of("maxStopTheWorldMs", 828_983L));
        assertEquals(new HumanUnits.Reading("18.1 s", "18,062 ms"), HumanUnits.of("downtimeByCause.deadOwner", 18_062L));
        assertEquals(new HumanUnits.Reading("51,442", ""), HumanUnits.of("maxLag", 51_442L));
        assertEquals(new HumanUnits.Reading("51442", ""), HumanUnits.of("noSuchMetric", 51_442L));
    }

    @Test
    void aSpreadOverSeedsReadsEachOfItsNumbers() {
        Spread spread = Spread.of(new double[] {800_000, 830_988, 850_000});
        assertEquals(new HumanUnits.Reading("13 min 51 s (13 min 20 s..14 min 10 s)", "830,988 (800,000..850,000) ms"),
                SpreadTable.reading(spread, Unit.MS));
        assertEquals(new HumanUnits.Reading("1,500 (1,000..2,000)", ""),
                SpreadTable.reading(Spread.of(new double[] {1000, 1500, 2000}), Unit.RECORDS));
        assertEquals(new HumanUnits.Reading("2 s", "2,000 ms"), SpreadTable.reading(Spread.of(new double[] {2000, 2000}),
                Unit.MS), "every seed gave it: the median alone");
    }
}
