package org.rebalancesim.metrics.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.events.ListenerCallback;

/** The registry's lookups and orders, and the rules every definition must follow. */
class MetricTest {

    @Test
    void everyNameIsDefinedOnceAndFoundAgain() {
        List<String> names = Metric.allNames();
        assertEquals(Set.copyOf(names).size(), names.size(), "a name defined twice: " + names);
        names.forEach(name -> assertTrue(Metric.of(name).names().contains(name), name));
        assertTrue(Metric.find("stopTheWorldMS").isEmpty(), "names are case-sensitive, as in result.json");
        assertThrows(IllegalArgumentException.class, () -> Metric.of("downtimeByCause.*"));
    }

    @Test
    void theDowntimeFamilyHasOneMetricPerCause() {
        assertEquals(List.of("downtimeByCause.rebalance", "downtimeByCause.deadOwner", "downtimeByCause.pausedOwner",
                "downtimeByCause.unreachableOwner", "downtimeByCause.noMembers"), Metric.DOWNTIME_BY_CAUSE.names());
        assertEquals(Metric.DOWNTIME_BY_CAUSE, Metric.of("downtimeByCause.pausedOwner"));
        assertEquals(List.of("rebalances"), Metric.REBALANCES.names());
    }

    @Test
    void reportsShowMetricsSectionBySection() {
        List<Metric> order = Metric.inReportOrder();
        for (int i = 1; i < order.size(); i++) {
            Metric before = order.get(i - 1);
            Metric after = order.get(i);
            assertTrue(before.section().compareTo(after.section()) < 0
                    || before.section() == after.section() && before.ordinal() < after.ordinal(), before + ", " + after);
        }
        assertEquals(Set.of(Metric.values()), Set.copyOf(order));
    }

    /**
     * Calibration compares every time within a tolerance (a heartbeat's grain) and nothing else, but for a
     * time no client can observe, which it only shows, and for a time read off the lag (Section.RECORDS), which,
     * like the lag, depends on the real producer's and processing's timing and is shown for information; so is the
     * time of the application's own rebalance listener, which is the application's code, not the protocol's.
     */
    @Test
    void exactlyTheObservableTimesAreComparedWithinATolerance() {
        Set<Metric> applicationsOwn = Set.of(Metric.LISTENER_TIME_MS, Metric.LISTENER_TIME_BY_CALLBACK);
        for (Metric metric : Metric.values()) {
            if (metric.unit() == Unit.MS && (metric.section() == Section.RECORDS || applicationsOwn.contains(metric))) {
                assertEquals(Calibration.INFORMATION, metric.calibration(), metric.displayName());
                continue;
            }
            boolean observableTime = metric.unit() == Unit.MS && metric.calibration() != Calibration.NOT_OBSERVABLE
                    && metric.calibration() != Calibration.NOT_CALIBRATED;
            assertEquals(observableTime, metric.calibration() == Calibration.WITHIN_TOLERANCE, metric.displayName());
        }
    }

    private static MetricValues everyMetric(RunKind run) {
        MetricValues values = new MetricValues(run);
        long next = 1;
        for (Metric metric : Metric.values()) {
            if (metric.isFamily()) {
                values.putFamily(metric, new long[metric.members().size()]);
            } else {
                values.put(metric, next++);
            }
        }
        return values;
    }

    /**
     * A plain consumer group reports no Kafka Streams metric and no scaling metric; a Streams application in a
     * Kubernetes workload reports every metric.
     */
    @Test
    void theStreamsAndScalingSectionsAreReportedForTheirRunsOnly() {
        assertEquals(Metric.inReportOrder().stream().flatMap(m -> m.names().stream()).toList(),
                List.copyOf(everyMetric(new RunKind(true, true)).toMap().keySet()));
        for (Metric metric : Metric.values()) {
            assertEquals(metric.section() != Section.STREAMS && metric.section() != Section.SCALING,
                    metric.appliesTo(RunKind.PLAIN), metric.displayName());
            assertEquals(metric.section() != Section.STREAMS, metric.appliesTo(new RunKind(false, true)),
                    metric.displayName());
        }
    }

    @Test
    void valuesComeOutByNameInReportOrderAndEachMustBeSupplied() {
        MetricValues values = everyMetric(RunKind.PLAIN);
        Map<String, Number> byName = values.toMap();
        assertEquals(Metric.inReportOrder().stream().filter(m -> m.appliesTo(RunKind.PLAIN)).flatMap(m -> m.names().stream())
                .toList(), List.copyOf(byName.keySet()));
        assertEquals(1L, byName.get("rebalances"));
        assertEquals(0L, byName.get("downtimeByCause.noMembers"));
        assertThrows(IllegalStateException.class, () -> values.put(Metric.REBALANCES, 3));
    }

    @Test
    void aMetricNobodySuppliedFailsNamingIt() {
        MetricValues values = new MetricValues().put(Metric.REBALANCES, 1);
        IllegalStateException missing = assertThrows(IllegalStateException.class, values::toMap);
        assertTrue(missing.getMessage().contains("downtimeByCause.*"), missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> values.put(Metric.DOWNTIME_BY_CAUSE, 1));
        assertThrows(IllegalArgumentException.class, () -> values.putFamily(Metric.DOWNTIME_BY_CAUSE, new long[2]));
    }

    /** The families named after the model's enums keep their members: the registry cannot import them. */
    @Test
    void familiesFollowTheModelsEnums() {
        assertEquals(Arrays.stream(CommitFailure.values()).map(CommitFailure::key).toList(),
                Metric.COMMIT_FAILURES.members());
        assertEquals(ListenerCallback.methods(), Metric.LISTENER_TIME_BY_CALLBACK.members());
    }
}
