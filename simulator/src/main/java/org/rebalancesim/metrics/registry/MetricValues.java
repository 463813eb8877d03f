package org.rebalancesim.metrics.registry;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run's metric values as the parts of a run supply them, each metric exactly once; then, by
 * name, in report order. A metric nobody supplied fails loudly instead of going missing from a report.
 */
public final class MetricValues {

    private final Map<Metric, long[]> values = new EnumMap<>(Metric.class);
    private final RunKind run;

    /** The values of a plain consumer group's run. */
    public MetricValues() {
        this(RunKind.PLAIN);
    }

    /** @param run what the run is, for the metrics that apply to it ({@link Metric#appliesTo}) */
    public MetricValues(RunKind run) {
        this.run = run;
    }

    /** Supplies a single metric's value. */
    public MetricValues put(Metric metric, long value) {
        if (metric.isFamily()) {
            throw new IllegalArgumentException(metric.displayName() + " is a family: give one value per member");
        }
        return supply(metric, new long[] {value});
    }

    /** Supplies a family's values, one per member in the order of {@link Metric#members()}. */
    public MetricValues putFamily(Metric family, long[] valuePerMember) {
        if (valuePerMember.length != family.members().size()) {
            throw new IllegalArgumentException(family.displayName() + " has " + family.members().size()
                    + " members, got " + valuePerMember.length + " values");
        }
        return supply(family, valuePerMember.clone());
    }

    private MetricValues supply(Metric metric, long[] value) {
        if (values.putIfAbsent(metric, value) != null) {
            throw new IllegalStateException(metric.displayName() + " was supplied twice");
        }
        return this;
    }

    /**
     * Every metric that applies to the run by name, in {@link Metric#inReportOrder()}; fails naming any metric
     * not supplied (every metric must be, applicable or not, so none is forgotten).
     */
    public Map<String, Number> toMap() {
        List<String> missing = new ArrayList<>();
        Map<String, Number> byName = new LinkedHashMap<>();
        for (Metric metric : Metric.inReportOrder()) {
            long[] value = values.get(metric);
            if (value != null && !metric.appliesTo(run)) {
                continue;
            }
            if (value == null) {
                missing.add(metric.displayName());
                continue;
            }
            List<String> names = metric.names();
            for (int i = 0; i < names.size(); i++) {
                byName.put(names.get(i), value[i]);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("no value supplied for " + String.join(", ", missing));
        }
        return byName;
    }
}
