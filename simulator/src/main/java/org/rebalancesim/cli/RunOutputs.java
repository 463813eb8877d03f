package org.rebalancesim.cli;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.explain.Explainer;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.report.ReportFiles;
import org.rebalancesim.report.ReportPage;
import org.rebalancesim.report.chart.RunCharts;
import org.rebalancesim.scenario.Scenario;

/** The files of a scenario's run folder ({@code OUT/<scenario>/}), for run and check. */
final class RunOutputs {

    private RunOutputs() {
    }

    /**
     * result.json first, then the reports and the charts, all rendered before anything is written.
     *
     * @param assignors the run's: the stories are told under the protocols the run had
     */
    static Map<String, byte[]> render(RunResult result, Scenario scenario, Assignors assignors, String yaml, String json,
                                      String reproduceCommand) {
        ReportPage page = ReportPage.ofRun(result, scenario, Explainer.explain(result, scenario, assignors), yaml,
                reproduceCommand, ReportFiles.render(RunCharts.of(result)));
        Map<String, byte[]> rendered = new LinkedHashMap<>();
        rendered.put("result.json", json.getBytes(StandardCharsets.UTF_8));
        rendered.putAll(ReportFiles.render(page));
        return rendered;
    }

    /** The same for {@code run --seeds}: result.json with every run, the charts of each variant's typical run. */
    static Map<String, byte[]> render(SeedRuns runs, Scenario scenario, Assignors assignors, String yaml, String json,
                                      String reproduceCommand) {
        ReportPage page = ReportPage.ofSeeds(runs, scenario, Explainer.explain(runs.typical(), scenario, assignors), yaml,
                reproduceCommand, ReportFiles.render(RunCharts.of(runs.typical())));
        Map<String, byte[]> rendered = new LinkedHashMap<>();
        rendered.put("result.json", json.getBytes(StandardCharsets.UTF_8));
        rendered.putAll(ReportFiles.render(page));
        return rendered;
    }
}
