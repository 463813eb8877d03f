package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code consumers.workload}, the Kubernetes workload the pods belong to, with the pod spec's field names
 * and defaults and what Kubernetes' API validation refuses (docs/kubernetes.md).
 */
final class WorkloadParser {

    static final List<String> KEYS = List.of("kind", "terminationGracePeriodSeconds", "preStop");
    static final List<String> PRE_STOP_KEYS = List.of("sleep");
    static final List<String> SLEEP_KEYS = List.of("seconds");
    private static final String CHOICES = String.join(" or ", WorkloadSpec.Kind.manifestNames());

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
        WorkloadSpec.Kind kind = workload == null ? null : kind(workload, path);
        Integer graceSeconds = workload == null ? null : nodes.numbers().integer(workload, path,
                "terminationGracePeriodSeconds", (int) (WorkloadSpec.DEFAULT_GRACE_PERIOD_MS / 1000), 0,
                (int) (Limits.MAX_DURATION_MS / 1000));
        Integer preStopSeconds = workload == null ? null : preStopSleepSeconds(workload, path.key("preStop"));
        if (kind == null || graceSeconds == null || preStopSeconds == null) {
            return null;
        }
        if (preStopSeconds > graceSeconds) {
            // Kubernetes' API validation (validateSleepAction) refuses such a pod.
            nodes.problem(path.key("preStop").key("sleep").key("seconds"), "must be at most "
                    + "terminationGracePeriodSeconds (" + graceSeconds + "), as Kubernetes validates a preStop sleep; got "
                    + preStopSeconds);
            return null;
        }
        return Optional.of(new WorkloadSpec(kind, graceSeconds * 1000L, preStopSeconds * 1000L));
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
}
