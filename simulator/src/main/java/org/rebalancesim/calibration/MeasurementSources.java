package org.rebalancesim.calibration;

import java.nio.file.Path;
import java.util.List;

/** Where {@code calibrate} gets its measurements. */
public final class MeasurementSources {

    private MeasurementSources() {
    }

    /** Real KafkaConsumers in child JVMs against an embedded broker or {@code --bootstrap-server}. */
    public static MeasurementSource realKafka() {
        return new RealKafkaSource();
    }

    /** The same, with a user's assignor jars on the consumers' classpath. */
    public static MeasurementSource realKafka(List<Path> userJars) {
        return new RealKafkaSource(userJars);
    }

    /**
     * The runs measured before, read back from each run directory's event log: this calibration's own ({@code
     * batches} empty), or those of earlier report directories, one batch after the other: run i is the i-th run of
     * the scenario's variant found in them, so several batches are judged as one.
     */
    public static MeasurementSource recordedRuns(List<Path> batches) {
        return new RecordedRuns(batches);
    }
}
