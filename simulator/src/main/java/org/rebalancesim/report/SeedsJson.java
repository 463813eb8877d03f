package org.rebalancesim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.metrics.VariantResult;

/**
 * result.json of a multi-seed run (docs/metrics.md, "Result files"): the scenario's fields as for one
 * run, the seeds and which range the statistics give, then per variant the statistics of every
 * metric, every run (its seed, metrics, members, expectations) and the series of its typical run,
 * the one the charts show. Same seeds, same bytes.
 */
public final class SeedsJson {

    private SeedsJson() {
    }

    public static String render(SeedRuns runs) {
        RunResult first = runs.first();
        ObjectNode root = JsonReport.MAPPER.createObjectNode();
        root.put("scenario", first.scenario());
        root.put("seed", first.seed());
        ArrayNode seeds = root.putArray("seeds");
        runs.seeds().forEach(seeds::add);
        root.put("range", Spread.rangeFor(runs.runs().size()).label());
        root.put("simulatorVersion", first.simulatorVersion());
        root.put("scenarioSha256", first.scenarioSha256());
        ArrayNode variants = root.putArray("variants");
        List<Integer> typical = runs.typicalRuns();
        for (int v = 0; v < runs.variantNames().size(); v++) {
            variants.add(variant(runs, v, typical.get(v)));
        }
        try {
            return JsonReport.MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not render result.json", e);
        }
    }

    private static ObjectNode variant(SeedRuns runs, int v, int typical) {
        List<VariantResult> results = runs.variant(v);
        ObjectNode node = JsonReport.MAPPER.createObjectNode();
        node.put("name", results.get(0).name());
        node.put("protocol", results.get(0).protocol());
        ObjectNode statistics = node.putObject("statistics");
        for (String metric : runs.metricNames(v)) {
            Spread spread = runs.spread(v, metric);
            ObjectNode stat = statistics.putObject(metric);
            JsonReport.putNumber(stat, "median", spread.median());
            JsonReport.putNumber(stat, "low", spread.low());
            JsonReport.putNumber(stat, "high", spread.high());
            JsonReport.putNumber(stat, "mean", spread.mean());
            JsonReport.putNumber(stat, "standardDeviation", spread.standardDeviation());
        }
        ArrayNode each = node.putArray("runs");
        for (int s = 0; s < results.size(); s++) {
            ObjectNode run = each.addObject();
            run.put("seed", runs.seeds().get(s));
            JsonReport.outcome(run, results.get(s));
        }
        node.put("typicalSeed", runs.seeds().get(typical));
        node.set("series", JsonReport.series(results.get(typical).series()));
        return node;
    }
}
