package org.rebalancesim.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.report.AtomicFiles;
import org.rebalancesim.report.JsonReport;

/** Writes a run's files under {@code OUT/<scenario>/}; returns the folder. */
final class RunOutputs {

    private RunOutputs() {
    }

    static Path write(RunResult result, Path out) throws IOException {
        Path dir = out.resolve(result.scenario());
        AtomicFiles.write(dir.resolve("result.json"), JsonReport.render(result));
        return dir;
    }
}
