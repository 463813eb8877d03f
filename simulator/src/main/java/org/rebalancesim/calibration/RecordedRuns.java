package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.rebalancesim.scenario.Variant;

/**
 * Measurements made before: each run's {@code events.jsonl}, as a run of {@link RealKafkaSource} left it in
 * its run directory (the coordinator's and the orchestrator's events already merged in). Comparing a model,
 * tolerance or seed change with the same runs takes the simulation's seconds instead of the runs' minutes,
 * and keeps the measured side fixed while the simulated one moves.
 */
final class RecordedRuns implements MeasurementSource {

    @Override
    public List<MeasuredEvent> measure(Variant variant, CalibrationOptions options) throws IOException {
        Path events = options.runDir().resolve(EventLog.FILE_NAME);
        if (!Files.isRegularFile(events)) {
            throw new CalibrationException("no measured run at " + events + ": measure it first (calibrate without"
                    + " --recorded-runs, with the same --out and at least as many --repeat runs)");
        }
        try {
            return EventLog.read(events);
        } catch (IOException e) {
            throw new CalibrationException("cannot read the measured run " + events + " (" + e.getMessage()
                    + "): measure it again without --recorded-runs");
        }
    }

    @Override
    public String progress() {
        return "reading the measured";
    }
}
