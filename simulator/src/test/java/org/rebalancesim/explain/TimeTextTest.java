package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Times as mm:ss.SSS (h:mm:ss.SSS from one hour on) and durations in words, the same everywhere. */
class TimeTextTest {

    @Test
    void timesBelowAnHourAreMinutesSecondsAndMillis() {
        assertEquals("00:00.000", TimeText.clock(0));
        assertEquals("00:09.882", TimeText.clock(9_882));
        assertEquals("12:03.004", TimeText.clock(12 * 60_000 + 3_004));
        assertEquals("59:59.999", TimeText.clock(3_599_999));
    }

    @Test
    void timesFromAnHourOnStartWithTheHours() {
        assertEquals("1:00:00.000", TimeText.clock(3_600_000));
        assertEquals("1:02:03.045", TimeText.clock(3_723_045));
        assertEquals("25:00:00.001", TimeText.clock(90_000_001));
    }

    @Test
    void durationsKeepConfiguredLimitsExactAndRoundTheRest() {
        assertEquals("850 ms", TimeText.duration(850));
        assertEquals("10 s", TimeText.duration(10_000));
        assertEquals("2.1 s", TimeText.duration(2_110));
        assertEquals("2.2 s", TimeText.duration(2_150));
        assertEquals("5 min", TimeText.duration(300_000));
        assertEquals("13 min 51 s", TimeText.duration(831_009));
        assertEquals("1 min", TimeText.duration(59_960));
        assertEquals("1 h 2 min", TimeText.duration(3_720_000));
    }

    @Test
    void countsAgreeWithTheirNumber() {
        assertEquals("1 eviction", TimeText.count(1, "eviction", "evictions"));
        assertEquals("0 evictions", TimeText.count(0, "eviction", "evictions"));
    }
}
