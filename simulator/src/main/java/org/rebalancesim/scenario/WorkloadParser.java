package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads {@code consumers.workload}, the Kubernetes workload the pods belong to, with the manifest's field names and
 * defaults and what Kubernetes' API validation refuses (docs/kubernetes.md); its rollout strategy is read by
 * {@link RolloutStrategyParser}.
 */
final class WorkloadParser {

    static final List<String> KEYS = List.of("kind", "name", "terminationGracePeriodSeconds", "preStop",
            "minReadySeconds", "readinessProbe", "strategy", "updateStrategy", "podDisruptionBudget");
    static final List<String> PRE_STOP_KEYS = List.of("sleep");
    static final List<String> SLEEP_KEYS = List.of("seconds");
    static final List<String> PROBE_KEYS = List.of("initialDelaySeconds", "periodSeconds", "successThreshold",
            "failureThreshold");
    private static final String CHOICES = String.join(" or ", WorkloadSpec.Kind.manifestNames());
    /** metadata.name of a Deployment or StatefulSet: a DNS label, as its pods' names are built from it. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final int MAX_SECONDS = (int) (Limits.MAX_DURATION_MS / 1000);

    private final YamlNodes nodes;

    WorkloadParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The workload; empty without one, null (with the problems recorded) if it is invalid. */
    Optional<WorkloadSpec> parse(ObjectNode consumers, YamlPath path) {
        JsonNode node = YamlNodes.optional(consumers, "workload");
        if (node == null) {
            return Optional.empty();
        }
        ObjectNode workload = nodes.map(node, path, KEYS);
        if (workload == null) {
            return null;
        }
        WorkloadSpec.Kind kind = kind(workload, path);
        String name = name(workload, path);
        Integer graceSeconds = seconds(workload, path, "terminationGracePeriodSeconds",
                (int) (WorkloadSpec.DEFAULT_GRACE_PERIOD_MS / 1000), 0);
        Integer preStopSeconds = preStopSleepSeconds(workload, path.key("preStop"));
        Integer minReadySeconds = seconds(workload, path, "minReadySeconds", 0, 0);
        Optional<WorkloadSpec.ReadinessProbe> probe = probe(workload, path.key("readinessProbe"));
        RolloutStrategyParser strategies = new RolloutStrategyParser(nodes);
        Optional<WorkloadSpec.DeploymentStrategy> strategy = strategies.deployment(workload, path, kind);
        Optional<WorkloadSpec.StatefulSetUpdate> update = strategies.statefulSet(workload, path, kind);
        Optional<WorkloadSpec.DisruptionBudget> budget = strategies.disruptionBudget(workload,
                path.key("podDisruptionBudget"));
        if (!YamlNodes.allPresent(kind, name, graceSeconds, preStopSeconds, minReadySeconds, probe, strategy, update,
                budget)) {
            return null;
        }
        if (preStopSeconds > graceSeconds) {
            // Kubernetes' API validation (validateSleepAction) refuses such a pod.
            nodes.problem(path.key("preStop").key("sleep").key("seconds"), "must be at most "
                    + "terminationGracePeriodSeconds (" + graceSeconds + "), as Kubernetes validates a preStop sleep; got "
                    + preStopSeconds);
            return null;
        }
        return Optional.of(new WorkloadSpec(kind, name, graceSeconds * 1000L, preStopSeconds * 1000L,
                minReadySeconds * 1000L, probe.orElse(null), strategy.orElse(null), update.orElse(null),
                budget.orElse(null)));
    }

    private WorkloadSpec.Kind kind(ObjectNode workload, YamlPath path) {
        JsonNode node = nodes.required(workload, path, "kind", "the workload's kind, " + CHOICES);
        String kind = node == null ? null : nodes.text(node, path.key("kind"), CHOICES);
        if (kind == null) {
            return null;
        }
        Optional<WorkloadSpec.Kind> named = WorkloadSpec.Kind.named(kind);
        if (named.isEmpty()) {
            nodes.problem(path.key("kind"), "expected " + CHOICES + " (a Kubernetes kind, spelled as in a manifest), got '"
                    + kind + "'");
        }
        return named.orElse(null);
    }

    private String name(ObjectNode workload, YamlPath path) {
        String name = nodes.text(workload, path, "name", WorkloadSpec.DEFAULT_NAME, "the workload's metadata.name");
        if (name != null && !DNS_LABEL.matcher(name).matches()) {
            nodes.problem(path.key("name"), "expected a DNS label (lower-case letters, digits and '-', starting and "
                    + "ending with a letter or digit, at most 63), as Kubernetes requires of a StatefulSet's name and the "
                    + "model of a Deployment's too, got '" + name + "'");
            return null;
        }
        return name;
    }

    private Integer seconds(ObjectNode map, YamlPath path, String key, int fallback, int min) {
        return nodes.numbers().integer(map, path, key, fallback, min, MAX_SECONDS);
    }

    /** preStop: {sleep: {seconds: N}}, Kubernetes' sleep action (lifecycle.preStop.sleep.seconds); 0 without one. */
    private Integer preStopSleepSeconds(ObjectNode workload, YamlPath path) {
        JsonNode node = YamlNodes.optional(workload, "preStop");
        if (node == null) {
            return 0;
        }
        ObjectNode preStop = nodes.map(node, path, PRE_STOP_KEYS);
        JsonNode sleepNode = preStop == null ? null
                : nodes.required(preStop, path, "sleep", "the hook's sleep action, e.g. {seconds: 5}");
        ObjectNode sleep = sleepNode == null ? null : nodes.map(sleepNode, path.key("sleep"), SLEEP_KEYS);
        JsonNode seconds = sleep == null ? null
                : nodes.required(sleep, path.key("sleep"), "seconds", "how long the hook sleeps, whole seconds");
        return seconds == null ? null
                : nodes.numbers().integer(seconds, path.key("sleep").key("seconds"), 0, Integer.MAX_VALUE);
    }

    /** The probe with core/v1 Probe's defaults and minimums; empty without one, null if invalid. */
    private Optional<WorkloadSpec.ReadinessProbe> probe(ObjectNode workload, YamlPath path) {
        JsonNode node = YamlNodes.optional(workload, "readinessProbe");
        if (node == null) {
            return Optional.empty();
        }
        ObjectNode probe = nodes.map(node, path, PROBE_KEYS);
        if (probe == null) {
            return null;
        }
        Integer initialDelay = seconds(probe, path, "initialDelaySeconds", 0, 0);
        Integer period = seconds(probe, path, "periodSeconds",
                (int) (WorkloadSpec.ReadinessProbe.DEFAULT_PERIOD_MS / 1000), 1);
        Integer success = nodes.numbers().integer(probe, path, "successThreshold",
                WorkloadSpec.ReadinessProbe.DEFAULT_SUCCESS_THRESHOLD, 1, 1_000);
        Integer failure = nodes.numbers().integer(probe, path, "failureThreshold",
                WorkloadSpec.ReadinessProbe.DEFAULT_FAILURE_THRESHOLD, 1, 1_000);
        return YamlNodes.allPresent(initialDelay, period, success, failure)
                ? Optional.of(new WorkloadSpec.ReadinessProbe(initialDelay * 1000L, period * 1000L, success, failure))
                : null;
    }
}
