package org.rebalancesim.calibration;

import java.util.List;
import org.rebalancesim.scenario.Variant;

/**
 * Runs one variant of a scenario against real Kafka once and returns what happened, as the event log
 * of {@link MeasuredEvent} (its javadoc is the contract). The real implementation starts (or connects
 * to) a broker, runs each pod as a KafkaConsumer in a JVM of its own and replays the timeline; tests
 * use a fake that returns a fixed list.
 */
public interface MeasurementSource {

    /**
     * Replays {@code variant} on real Kafka once.
     *
     * @param variant the fully resolved variant, unscaled: the source applies {@link CalibrationOptions#timeScale()}
     * @return every event of the run, times already in scenario milliseconds (divided by the time scale),
     *         in any order (they are sorted by time)
     * @throws CalibrationException when the variant cannot be replayed (an operation real Kafka cannot
     *                              reproduce here) or the environment fails (the broker does not start, the
     *                              bootstrap server cannot be reached): the CLI prints the message as is
     *                              and exits with 2
     * @throws Exception            anything else: the CLI reports the measurement as failed (exit 3)
     */
    List<MeasuredEvent> measure(Variant variant, CalibrationOptions options) throws Exception;

    /**
     * What in {@code variant} this source cannot replay (one line each, naming the operation and its
     * time), checked for every variant before anything runs; empty when it can replay all of it.
     */
    default List<String> unsupported(Variant variant) {
        return List.of();
    }

    /** What the progress line says the source does with a run: "measuring" (scenario, variant, run i of n). */
    default String progress() {
        return "measuring";
    }
}
