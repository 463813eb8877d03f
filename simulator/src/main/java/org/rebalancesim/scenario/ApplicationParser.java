package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code consumers.application}: the application's own commits when auto-commit is off, shared by every pod,
 * and {@code overrides} of pods that commit differently ({@link PodOverrides}, as {@code consumers.listener}).
 */
final class ApplicationParser {

    static final List<String> SETTINGS = List.of("commit", "commitOnRevoke");
    static final List<String> KEYS = List.of("commit", "commitOnRevoke", PodOverrides.KEY);

    private final YamlNodes nodes;

    ApplicationParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The section at {@code path}, {@link ApplicationCommits#DEFAULT} for every pod without one, or null if invalid. */
    PerPod<ApplicationCommits> parse(JsonNode node, YamlPath path, boolean streams) {
        if (node == null || node.isNull()) {
            return PerPod.all(ApplicationCommits.DEFAULT);
        }
        if (streams) {
            nodes.problem(path, "is read only for plain consumers (app: consumer): Kafka Streams commits on its own "
                    + "(commit.interval.ms); remove application");
            return null;
        }
        ObjectNode map = nodes.map(node, path, KEYS);
        return map == null ? null
                : new PodOverrides(nodes).parse(map, path, SETTINGS, "{commit: none}", this::commits);
    }

    private ApplicationCommits commits(ObjectNode map, YamlPath path) {
        List<String> choices = Arrays.stream(ApplicationCommits.Mode.values()).map(ApplicationCommits.Mode::yamlName)
                .toList();
        String mode = nodes.text(map, path, "commit", ApplicationCommits.DEFAULT.afterBatch().yamlName(),
                "one of " + String.join(", ", choices));
        Boolean onRevoke = nodes.bool(map, path, "commitOnRevoke", ApplicationCommits.DEFAULT.onRevoke());
        if (mode == null || onRevoke == null) {
            return null;
        }
        if (!choices.contains(mode)) {
            nodes.problem(path.key("commit"), "expected one of " + String.join(", ", choices) + " (what the application "
                    + "calls after each batch: commitSync, commitAsync or nothing), got '" + mode + "'");
            return null;
        }
        return new ApplicationCommits(ApplicationCommits.Mode.valueOf(mode.toUpperCase(Locale.ROOT)), onRevoke);
    }
}
