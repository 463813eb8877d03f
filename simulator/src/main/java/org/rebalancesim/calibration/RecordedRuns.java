package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Variant;

/**
 * Measurements made before: each run's {@code events.jsonl}, as a run of {@link RealKafkaSource} left it in
 * its run directory (the coordinator's and the orchestrator's events already merged in). Comparing a model,
 * tolerance or seed change with the same runs takes the simulation's seconds instead of the runs' minutes,
 * and keeps the measured side fixed while the simulated one moves.
 * <p>
 * When the run kept its embedded broker's log, the coordinator's events are read from it again with
 * today's {@link CoordinatorLog} (what it recognises grows), in place of the recorded ones. The log is
 * stamped in wall-clock time and the run's epoch is not recorded, so the re-read events are placed by
 * the first coordinator event the run recorded, which came from the same line.
 */
final class RecordedRuns implements MeasurementSource {

    /** Earlier report directories whose runs are read in order; empty: the run directory of this calibration. */
    private final List<Path> batches;

    RecordedRuns(List<Path> batches) {
        this.batches = List.copyOf(batches);
    }

    @Override
    public List<MeasuredEvent> measure(Variant variant, CalibrationOptions options) throws IOException {
        Path runDir = batches.isEmpty() ? options.runDir() : pooledRun(options);
        Path events = runDir.resolve(EventLog.FILE_NAME);
        if (!Files.isRegularFile(events)) {
            throw new CalibrationException("no measured run at " + events + ": measure it first (calibrate without"
                    + " --recorded-runs, with the same --out and at least as many --repeat runs)");
        }
        List<MeasuredEvent> recorded;
        try {
            recorded = EventLog.read(events);
        } catch (IOException e) {
            throw new CalibrationException("cannot read the measured run " + events + " (" + e.getMessage()
                    + "): measure it again without --recorded-runs");
        }
        Path brokerLog = runDir.resolve(EmbeddedBroker.LOG_FILE);
        return Files.isRegularFile(brokerLog) ? withCoordinatorReadAgain(recorded, brokerLog, variant, options)
                : recorded;
    }

    /**
     * Run {@code options.repetition()} of the batches taken one after the other: each batch's runs of the scenario's
     * variant are run-1, run-2, ... up to the first one it lacks.
     */
    private Path pooledRun(CalibrationOptions options) {
        Path variantDir = options.runDir().getParent();
        Path scenario = variantDir.getParent().getFileName();
        Path variant = variantDir.getFileName();
        int wanted = options.repetition();
        int found = 0;
        for (Path batch : batches) {
            Path runs = batch.resolve(scenario).resolve(variant);
            for (int i = 1; Files.isRegularFile(runs.resolve("run-" + i).resolve(EventLog.FILE_NAME)); i++) {
                if (++found == wanted) {
                    return runs.resolve("run-" + i);
                }
            }
        }
        throw new CalibrationException("--runs-from " + String.join(", ", batches.stream().map(Path::toString).toList())
                + " hold " + found + " recorded run"
                + (found == 1 ? "" : "s") + " of " + scenario + ", variant " + variant + ", not " + wanted
                + ": ask for --repeat " + found + " at most, or add a directory that holds more");
    }

    private static List<MeasuredEvent> withCoordinatorReadAgain(List<MeasuredEvent> recorded, Path brokerLog,
                                                                Variant variant, CalibrationOptions options)
            throws IOException {
        MeasuredEvent anchor = recorded.stream().filter(e -> CoordinatorLog.TYPES.contains(e.type()))
                .findFirst().orElse(null);
        if (anchor == null) {
            return recorded;
        }
        List<MeasuredEvent> reread = CoordinatorLog.read(brokerLog, variant.groupId(),
                CoordinatorLog.podsByName(variant, EventLog.podsByMemberId(recorded)),
                new RunClock(0, options.timeScale()));
        MeasuredEvent same = reread.stream().filter(e -> e.type().equals(anchor.type())
                && e.pod().equals(anchor.pod()) && e.generation() == anchor.generation()).findFirst().orElse(null);
        if (same == null) {
            return recorded;
        }
        long shiftMs = same.atMs() - anchor.atMs();
        List<MeasuredEvent> merged = new ArrayList<>();
        recorded.stream().filter(e -> !CoordinatorLog.TYPES.contains(e.type())).forEach(merged::add);
        reread.forEach(e -> merged.add(e.at(e.atMs() - shiftMs)));
        return EventLog.inTimeOrder(merged, variant.durationMs());
    }

    @Override
    public String progress() {
        return "reading the measured";
    }
}
