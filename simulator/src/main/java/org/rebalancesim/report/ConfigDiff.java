package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What changes from one effective configuration to another, one line per setting:
 * {@code session.timeout.ms: 10000 → 45000}. A setting only one side has reads
 * {@value EffectiveConfig#NOT_SET} on the other ({@code group.instance.id: (not set) → pod}).
 */
public final class ConfigDiff {

    /** Between the old and the new value of a diff line. */
    public static final String ARROW = " → ";

    private ConfigDiff() {
    }

    /**
     * The lines from {@code from} to {@code to}, section by section (consumer configs first), within a
     * section the keys of {@code from} in order, then those only {@code to} has.
     */
    public static List<String> lines(EffectiveConfig from, EffectiveConfig to) {
        Set<String> keys = new LinkedHashSet<>();
        for (EffectiveConfig.Section section : EffectiveConfig.Section.values()) {
            for (EffectiveConfig config : List.of(from, to)) {
                config.settings().stream().filter(s -> s.section() == section).forEach(s -> keys.add(s.key()));
            }
        }
        return lines(keys, from.asMap(), to.asMap());
    }

    /** The lines from {@code from} to {@code to}: the keys of {@code from} in order, then those only {@code to} has. */
    public static List<String> lines(Map<String, String> from, Map<String, String> to) {
        Set<String> keys = new LinkedHashSet<>(from.keySet());
        keys.addAll(to.keySet());
        return lines(keys, from, to);
    }

    private static List<String> lines(Set<String> keys, Map<String, String> from, Map<String, String> to) {
        List<String> lines = new ArrayList<>();
        for (String key : keys) {
            String before = from.getOrDefault(key, EffectiveConfig.NOT_SET);
            String after = to.getOrDefault(key, EffectiveConfig.NOT_SET);
            if (!before.equals(after)) {
                lines.add(key + ": " + before + ARROW + after);
            }
        }
        return lines;
    }

    /** The keys whose value is not the same in every configuration (a key some lack counts as differing). */
    public static Set<String> differingKeys(List<EffectiveConfig> configs) {
        Set<String> keys = new LinkedHashSet<>();
        configs.forEach(config -> keys.addAll(config.asMap().keySet()));
        Set<String> differing = new LinkedHashSet<>();
        for (String key : keys) {
            if (configs.stream().map(config -> config.valueOf(key)).distinct().count() > 1) {
                differing.add(key);
            }
        }
        return differing;
    }
}
