package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code overrides} key of a per-pod section of {@code consumers} ({@code listener}, {@code application}):
 * pods whose settings differ, each override merged over the shared section key by key, as
 * {@code consumers.overrides} merges consumer configs. A key an override sets to {@code ~} takes its default, the
 * value it has without the section. The merged section is read by the section's own parser, so an override obeys
 * every rule the shared section does.
 */
final class PodOverrides {

    static final String KEY = "overrides";

    /** Reads a section's keys (without {@code overrides}) at {@code path}; null after a problem. */
    interface SectionParser<T> {
        T parse(ObjectNode section, YamlPath path);
    }

    private final YamlNodes nodes;

    PodOverrides(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /**
     * A section's shared setting and its pods' overrides; {@code keys} are the section's own keys (without
     * {@code overrides}) and {@code example} an override for the messages. Null if anything is invalid. Pod names
     * are checked once the timeline is read ({@link #checkNames}).
     */
    <T> PerPod<T> parse(ObjectNode section, YamlPath path, List<String> keys, String example, SectionParser<T> parser) {
        ObjectNode shared = section.deepCopy();
        shared.remove(KEY);
        T sharedSetting = parser.parse(shared, path);
        JsonNode node = YamlNodes.optional(section, KEY);
        if (sharedSetting == null || node == null) {
            return sharedSetting == null ? null : PerPod.all(sharedSetting);
        }
        YamlPath overridesPath = path.key(KEY);
        if (!(node instanceof ObjectNode byPod)) {
            nodes.problem(overridesPath, "expected a map of pod name to settings, e.g. {c3: " + example + "}");
            return null;
        }
        Map<String, T> overrides = new TreeMap<>();
        boolean ok = true;
        for (var entry : byPod.properties()) {
            YamlPath podPath = overridesPath.key(entry.getKey());
            ObjectNode override = nodes.map(entry.getValue(), podPath, keys);
            if (override == null) {
                if (entry.getValue() == null || entry.getValue().isNull()) {
                    nodes.problem(podPath, "expected this pod's settings, e.g. " + example);
                }
                ok = false;
                continue;
            }
            ObjectNode merged = shared.deepCopy();
            override.properties().forEach(key -> merged.set(key.getKey(), key.getValue()));
            T setting = parser.parse(merged, podPath);
            ok &= setting != null;
            if (setting != null) {
                overrides.put(entry.getKey(), setting);
            }
        }
        return ok ? new PerPod<>(sharedSetting, overrides) : null;
    }

    /** Problems for override names under {@code overridesPath} that are not pods of the scenario. */
    void checkNames(Collection<String> overridden, YamlPath overridesPath, List<String> allPods) {
        for (String pod : new ArrayList<>(overridden)) {
            if (!allPods.contains(pod)) {
                nodes.problem(overridesPath.key(pod), "unknown consumer '" + pod + "'; known: " + String.join(", ", allPods));
            }
        }
    }
}
