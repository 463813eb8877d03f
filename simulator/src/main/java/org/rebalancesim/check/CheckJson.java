package org.rebalancesim.check;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.report.JsonText;

/**
 * {@code check --format json}: the verdicts as data, for scripts and bots that comment on pull requests. The same
 * facts as the text and the JUnit XML: per variant its status, its expect: rules and its metrics against the
 * baseline, then the notices and the counts per status.
 */
public final class CheckJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private CheckJson() {
    }

    public static String render(List<ScenarioCheck> checks) {
        ObjectNode root = JSON.objectNode();
        ArrayNode scenarios = root.putArray("scenarios");
        for (ScenarioCheck check : checks) {
            ObjectNode scenario = scenarios.addObject().put("scenario", check.scenario()).put("file", check.file());
            ArrayNode notices = scenario.putArray("notices");
            check.notices().forEach(notices::add);
            ArrayNode variants = scenario.putArray("variants");
            check.variants().forEach(variant -> variants.add(variant(variant)));
        }
        ObjectNode counts = root.putObject("counts");
        for (VariantCheck.Status status : VariantCheck.Status.values()) {
            counts.put(name(status), checks.stream().flatMap(c -> c.variants().stream())
                    .filter(v -> v.status() == status).count());
        }
        root.put("failed", checks.stream().anyMatch(ScenarioCheck::failed));
        return JsonText.pretty(root);
    }

    private static ObjectNode variant(VariantCheck variant) {
        ObjectNode node = JSON.objectNode().put("variant", variant.variant()).put("status", name(variant.status()));
        ArrayNode rules = node.putArray("expectations");
        for (ExpectationResult rule : variant.expectations()) {
            ObjectNode item = rules.addObject().put("metric", rule.metric()).put("rule", rule.rule())
                    .put("passed", rule.passed());
            if (rule.actual() == null) {
                item.putNull("actual");
            } else {
                item.put("actual", rule.actual().doubleValue());
            }
        }
        ArrayNode metrics = node.putArray("metrics");
        for (MetricCheck metric : variant.metrics()) {
            ObjectNode item = metrics.addObject().put("metric", metric.metric()).put("baseline", metric.baseline())
                    .put("actual", metric.actual()).put("tolerance", metric.tolerance().toString())
                    .put("outcome", metric.outcome().name().toLowerCase(Locale.ROOT)).put("seeds", metric.seeds());
            if (metric.outcome() == MetricCheck.Outcome.WORSE) {
                item.put("message", CheckText.regression(metric));
            }
        }
        if (variant.status() == VariantCheck.Status.MISSING) {
            node.put("message", CheckText.MISSING_BASELINE);
        }
        return node;
    }

    private static String name(VariantCheck.Status status) {
        return status.name().toLowerCase(Locale.ROOT);
    }
}
