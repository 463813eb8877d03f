package org.rebalancesim.assignor.calibration;

import java.util.List;
import java.util.Locale;

/** The measured table, as console text and as Markdown. */
final class CalibrationTable {

    private CalibrationTable() {
    }

    static String header() {
        return String.format(Locale.ROOT, "%-22s %8s %10s %12s %12s", "assignor", "members", "partitions",
                "first ms", "join ms");
    }

    static String row(AssignorTiming.Measurement m) {
        return String.format(Locale.ROOT, "%-22s %8d %10d %12.3f %12.3f", m.assignor(), m.members(), m.partitions(),
                m.firstMs(), m.joinMs());
    }

    static String markdown(String machine, String method, List<AssignorTiming.Measurement> measurements, String fits) {
        StringBuilder md = new StringBuilder();
        md.append(machine).append("; ").append(method).append(".\n\n");
        md.append("| assignor | members | partitions | first assignment (ms) | one member joins (ms) |\n");
        md.append("| --- | ---: | ---: | ---: | ---: |\n");
        for (AssignorTiming.Measurement m : measurements) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %.3f | %.3f |%n", m.assignor(), m.members(),
                    m.partitions(), m.firstMs(), m.joinMs()));
        }
        md.append("\n```\n").append(fits).append("```\n");
        return md.toString();
    }
}
