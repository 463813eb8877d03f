package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What makes shards parts of one sweep: the scenario (its name and the SHA-256 of its file), the sweep's
 * options as the command line gave them, and the number of runs and of shards. Two shards merge only when their
 * keys are equal; the file's path is not part of it, since each machine may keep the file elsewhere.
 *
 * @param sets      the --set options as typed, in order (the first varies slowest)
 * @param variant   the --variant, or null for all
 * @param firstSeed the root seed the runs' seeds follow (--seed, else the file's seed:)
 * @param metrics   the metrics of the table and the charts
 * @param classpath the --classpath of a scenario's own assignors, or null
 */
public record SweepKey(String scenario, String scenarioSha256, List<String> sets, String variant, int seeds,
                       long firstSeed, List<String> metrics, long maxEvents, String classpath, int runs, int shards) {

    public SweepKey {
        sets = List.copyOf(sets);
        metrics = List.copyOf(metrics);
    }

    /** The first field, in declaration order, in which {@code other} differs, as "name: this vs other"; null when equal. */
    public String firstDifference(SweepKey other) {
        Map<String, Object> mine = fields();
        Map<String, Object> theirs = other.fields();
        for (Map.Entry<String, Object> field : mine.entrySet()) {
            Object their = theirs.get(field.getKey());
            if (!Objects.equals(field.getValue(), their)) {
                return field.getKey() + " " + field.getValue() + " vs " + their;
            }
        }
        return null;
    }

    private Map<String, Object> fields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("scenario", scenario);
        fields.put("scenarioSha256", scenarioSha256);
        fields.put("--set", new ArrayList<>(sets));
        fields.put("--variant", variant);
        fields.put("--seeds", seeds);
        fields.put("root seed", firstSeed);
        fields.put("--metric", new ArrayList<>(metrics));
        fields.put("--max-events", maxEvents);
        fields.put("--classpath", classpath);
        fields.put("runs", runs);
        fields.put("shards", shards);
        return fields;
    }
}
