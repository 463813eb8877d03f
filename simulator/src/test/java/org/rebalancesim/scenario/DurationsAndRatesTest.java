package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsAndRatesTest {

    @ParameterizedTest
    @CsvSource({"250ms, 250", "10s, 10000", "1.5s, 1500", "15m, 900000", "2h, 7200000", "1d, 86400000",
            "300, 300", "0, 0", "'  10 s ', 10000", "0.1s, 100"})
    void parsesDurations(String text, long expectedMs) {
        assertEquals(0, BigDecimal.valueOf(expectedMs).compareTo(Durations.parseMs(text).orElseThrow()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "10 sec", "s", "1.s", "10S", "1e3ms", "10ms5"})
    void refusesMalformedDurations(String text) {
        assertTrue(Durations.parseMs(text).isEmpty(), text);
    }

    @ParameterizedTest
    @CsvSource({"1800000, 30m", "1500, 1500ms", "0, 0ms", "7200000, 2h", "45000, 45s", "86400000, 1d"})
    void formatsDurationsInTheLargestExactUnit(long ms, String expected) {
        assertEquals(expected, Durations.format(ms));
    }

    @ParameterizedTest
    @CsvSource({"50/s, 50", "3000/m, 50", "36000/h, 10", "2.5/s, 2.5", "7, 7", "0/s, 0", "'10 / s', 10"})
    void parsesRates(String text, double expectedPerSecond) {
        assertEquals(expectedPerSecond, Rates.parsePerSecond(text).orElseThrow(), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fast", "50/sec", "/s", "50/", "5 per second"})
    void refusesMalformedRates(String text) {
        assertTrue(Rates.parsePerSecond(text).isEmpty(), text);
    }
}
