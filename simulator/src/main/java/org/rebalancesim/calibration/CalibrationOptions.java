package org.rebalancesim.calibration;

import java.nio.file.Path;

/**
 * How one measurement run goes.
 *
 * @param bootstrapServer an existing cluster ("host:port"), or null to start an embedded single-node
 *                        KRaft broker on loopback
 * @param timeScale       wall-clock ms per scenario ms; the measured events' times come back in
 *                        scenario ms, so they compare directly with the simulation
 * @param runDir          a directory of this run alone, for its event log ({@code events.jsonl}) and the
 *                        processes' logs; it may not exist yet
 * @param repetition      1..repeat: which of the repeated runs this is (for unique topic and group names)
 * @param seed            the scenario's seed (the simulation's), for whatever the run draws at random
 * @param brokerRequestLog whether the embedded broker also logs every request it completes to broker.log
 */
public record CalibrationOptions(String bootstrapServer, TimeScale timeScale, Path runDir, int repetition,
                                 long seed, boolean brokerRequestLog) {

    public CalibrationOptions {
        if (timeScale == null) {
            timeScale = TimeScale.REAL_TIME;
        }
        if (repetition < 1) {
            throw new IllegalArgumentException("repetition counts from 1: " + repetition);
        }
    }

    /** Whether the run starts its own broker. */
    public boolean embeddedBroker() {
        return bootstrapServer == null;
    }
}
