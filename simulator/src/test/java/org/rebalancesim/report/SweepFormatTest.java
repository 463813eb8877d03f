package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Numbers and fields in sweep files read the same on every machine. */
class SweepFormatTest {

    @Test
    void decimalsAreRoundedPlainAndWithoutTrailingZeros() {
        assertEquals("16370353", Decimals.text(1.6370353E7));
        assertEquals("5.5", Decimals.text(5.5));
        assertEquals("0.3", Decimals.text(0.1 + 0.2));
        assertEquals("2.166", Decimals.text(2.16585));
        assertEquals("0", Decimals.text(-0.0));
        assertEquals("0", Decimals.text(0.0004));
        assertEquals("-1.5", Decimals.text(-1.5));
        assertEquals("", Decimals.text(null));
    }

    @Test
    void csvFieldsAreQuotedOnlyWhenTheyMustBe() {
        assertEquals("10000", SweepCsv.quoted("10000"));
        assertEquals("\"{uniform: {min: 1s, max: 3s}}\"", SweepCsv.quoted("{uniform: {min: 1s, max: 3s}}"));
        assertEquals("\"say \"\"hi\"\"\"", SweepCsv.quoted("say \"hi\""));
    }

    @Test
    void theTableKeepsNumbersShort() {
        assertEquals("4332923", SweepTable.compact(4332922.6));
        assertEquals("17.4", SweepTable.compact(17.44));
        assertEquals("2.17", SweepTable.compact(2.173));
        assertEquals("0", SweepTable.compact(0));
        assertEquals("36", SweepTable.compact(36));
    }
}
