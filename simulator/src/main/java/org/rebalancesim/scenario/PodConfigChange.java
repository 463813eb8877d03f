package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The consumer configs a restarted pod's new process uses from then on ({@code restart}, {@code rollingRestart} and
 * {@code rollout}'s {@code config:}), e.g. {@code {group.protocol: consumer}} to move the pod to the
 * consumer protocol (docs/kafka-semantics.md §21). The change is written over the pod's configuration from
 * {@code consumers.config} and {@code consumers.overrides}, not over an earlier restart's change.
 *
 * @param written the configs as the file writes them (a private copy, never changed), null for no change
 * @param path    where they are written, for the problems found once the pods are known
 * @param byPod   each selected pod's whole new configuration, resolved by {@link VariantParser}
 * @param others  a rollout's: the new configuration of a pod the scenario does not name (one a Deployment creates
 *                while the run goes on, which has no overrides entry); null for a restart, which names its pods
 */
public record PodConfigChange(ObjectNode written, YamlPath path, Map<String, ConsumerConfig> byPod,
                              ConsumerConfig others) {

    public static final PodConfigChange NONE = new PodConfigChange(null, null, Map.of(), null);

    public PodConfigChange {
        written = written == null ? null : written.deepCopy();
        byPod = Collections.unmodifiableMap(new TreeMap<>(byPod));
    }

    /** The config change {@code operation} gives the pods' next processes: a restart's or rollout's, or none. */
    public static PodConfigChange madeBy(Operation operation) {
        if (operation instanceof Operation.Restart restart) {
            return restart.config();
        }
        if (operation instanceof Operation.Rollout rollout) {
            return rollout.config();
        }
        return operation instanceof Operation.RollingRestart rolling ? rolling.config() : NONE;
    }

    /** Whether the restart changes nothing of the pods' configuration. */
    public boolean isNone() {
        return written == null;
    }

    /** The new configuration of {@code pod}'s next processes, or null when this change does not touch it. */
    public ConsumerConfig of(String pod) {
        ConsumerConfig config = byPod.get(pod);
        return config != null ? config : others;
    }

    /** Every configuration this change gives a pod: the selected pods', then a rollout's for the pods not named. */
    public List<ConsumerConfig> configs() {
        List<ConsumerConfig> configs = new ArrayList<>(byPod.values());
        if (others != null) {
            configs.add(others);
        }
        return configs;
    }

    /** The same change, resolved for the pods it selects, and for {@code otherPods} (null for a restart). */
    PodConfigChange resolved(Map<String, ConsumerConfig> configs, ConsumerConfig otherPods) {
        return new PodConfigChange(written, path, configs, otherPods);
    }

    /** "config: {group.protocol: consumer}" as reports and explain write it, or null for no change. */
    String text() {
        if (written == null) {
            return null;
        }
        StringBuilder text = new StringBuilder("config: {");
        written.properties().forEach(field -> text.append(text.charAt(text.length() - 1) == '{' ? "" : ", ")
                .append(field.getKey()).append(": ").append(field.getValue().isTextual()
                        ? field.getValue().asText() : field.getValue().toString()));
        return text.append('}').toString();
    }
}
