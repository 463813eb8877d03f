package org.rebalancesim.calibration;

import java.util.Locale;

/**
 * How much faster (below 1) or slower (above 1) than the scenario a calibration run goes: a scenario
 * duration of {@code d} ms takes {@code d * factor} ms of wall-clock time, and a wall-clock duration
 * {@code w} is reported as {@code w / factor} scenario ms. Timeouts and intervals handed to Kafka are
 * scaled the same way, so a scenario keeps its shape; only what cannot be scaled (JVM start, network
 * round trips, the broker's own work) grows relative to the scenario when the factor is small.
 *
 * @param factor wall-clock ms per scenario ms, in (0, 100]
 */
public record TimeScale(double factor) {

    public static final TimeScale REAL_TIME = new TimeScale(1);

    public TimeScale {
        if (!(factor > 0 && factor <= 100)) {
            throw new CalibrationException(String.format(Locale.ROOT,
                    "--time-scale must be greater than 0 and at most 100, not %s", factor));
        }
    }

    /** Wall-clock ms of a scenario duration. */
    public long wallMs(long scenarioMs) {
        return Math.round(scenarioMs * factor);
    }

    /** A timeout or interval for Kafka: scaled, but at least 1 ms (Kafka's lower bound for all of them). */
    public long configMs(long scenarioMs) {
        return Math.max(1, wallMs(scenarioMs));
    }

    /** Scenario ms of a wall-clock duration. */
    public long scenarioMs(long wallMs) {
        return Math.round(wallMs / factor);
    }
}
