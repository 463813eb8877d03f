package org.rebalancesim.calibration;

/**
 * The clock every process of one calibration run shares: wall-clock ms since the run's epoch,
 * divided by the time scale (so they compare with simulated ms). The orchestrator and each consumer
 * worker run on the same machine and read the same system clock.
 *
 * @param epochMs the run's start, System.currentTimeMillis()
 */
public record RunClock(long epochMs, TimeScale scale) {

    /** A clock whose time 0 is {@code wallMs} from now: what is set up meanwhile happens before the run. */
    public static RunClock startingIn(long wallMs, TimeScale scale) {
        return new RunClock(System.currentTimeMillis() + wallMs, scale);
    }

    /** Scenario ms since the run started. */
    public long nowMs() {
        return scale.scenarioMs(System.currentTimeMillis() - epochMs);
    }

    /** Wall-clock ms from now until scenario time {@code atMs} (negative when it has passed). */
    public long wallDelayUntil(long atMs) {
        return epochMs + scale.wallMs(atMs) - System.currentTimeMillis();
    }
}
