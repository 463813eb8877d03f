package org.rebalancesim.consumer;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Shared scenario text and series readers of the Cooperative* tests (docs/kafka-semantics.md §9, KIP-429).
 *
 * <p>The group: c1..c3, 12 partitions of one topic at 120/s, so 10 records/s per partition; records
 * take 1 ms, so every member is inside poll() nearly all the time (it reacts to a rebalance at its next
 * heartbeat, ≤ heartbeat.interval.ms = 3 s); session 10 s; JVM start 2 s; latency 1–3 ms one way (the
 * default). The metrics window starts at 30 s, after the first generation (the 3 s initial delay).
 * With 3 members every partition assignor gives 4 partitions each; a 4th member gets 3, so a sticky
 * assignor moves exactly 3 partitions (one from each old member) and nothing else (§13).
 */
final class CooperativeScenarios {

    static final String EAGER = "range";
    static final String COOPERATIVE = "cooperative-sticky";
    static final double PER_PARTITION_PER_MS = 10 / 1000.0;
    static final long HEARTBEAT_MS = 3_000;
    static final List<String> OLD_MEMBERS = List.of("c1", "c2", "c3");

    private CooperativeScenarios() {
    }

    /**
     * @param strategy    the partition.assignment.strategy value, YAML ("range", "[range, cooperative-sticky]")
     * @param extraConfig more consumer config entries, each starting with ", "
     * @param timeline    the timeline entries, one YAML line each ("- {at: 60s, start: {count: 1}}")
     */
    static String scenario(String duration, String strategy, String extraConfig, String... timeline) {
        StringBuilder entries = new StringBuilder();
        for (String entry : timeline) {
            entries.append("  ").append(entry).append('\n');
        }
        return """
                duration: %s
                measure: {from: 30s}
                group: {id: cooperative-demo}
                topics: [{name: t, partitions: 12, rate: 120/s}]
                consumers:
                  count: 3
                  config: {partition.assignment.strategy: %s, session.timeout.ms: 10000, heartbeat.interval.ms: 3000%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                %s""".formatted(duration, strategy, extraConfig, entries);
    }

    /** The rebalances (completed generations) that started in [fromMs, toMs). */
    static List<Series.RebalanceSpan> spansBetween(VariantResult result, long fromMs, long toMs) {
        return result.series().rebalances().stream().filter(s -> s.startMs() >= fromMs && s.startMs() < toMs).toList();
    }

    /** {@code pod}'s intervals in {@code state} that overlap [fromMs, toMs]. */
    static List<Series.StateInterval> statesOverlapping(VariantResult result, String pod, MemberState state,
                                                       long fromMs, long toMs) {
        return result.series().memberStates().stream()
                .filter(s -> s.member().equals(pod) && s.state() == state && s.fromMs() < toMs && s.toMs() > fromMs)
                .toList();
    }

    /** The ownership intervals of one partition, in time order. */
    static List<Series.OwnershipInterval> ownershipOf(VariantResult result, String partition) {
        return result.series().ownership().stream().filter(o -> o.partition().equals(partition))
                .sorted(Comparator.comparingLong(Series.OwnershipInterval::fromMs)).toList();
    }

    /** Every partition that appears in the ownership series. */
    static Set<String> partitions(VariantResult result) {
        return result.series().ownership().stream().map(Series.OwnershipInterval::partition)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Who owned {@code partition} at {@code atMs}, or null. */
    static String ownerAt(VariantResult result, String partition, long atMs) {
        return ownershipOf(result, partition).stream().filter(o -> o.fromMs() <= atMs && o.toMs() > atMs)
                .map(Series.OwnershipInterval::member).findFirst().orElse(null);
    }

    /** The partitions {@code pod} owns at {@code atMs}. */
    static Set<String> ownedBy(VariantResult result, String pod, long atMs) {
        return result.series().ownership().stream()
                .filter(o -> o.member().equals(pod) && o.fromMs() <= atMs && o.toMs() > atMs)
                .map(Series.OwnershipInterval::partition).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The largest sampled total lag in [fromMs, toMs]. */
    static long maxLagBetween(VariantResult result, long fromMs, long toMs) {
        return result.series().lag().stream().filter(l -> l.atMs() >= fromMs && l.atMs() <= toMs)
                .mapToLong(Series.LagSample::lag).max().orElseThrow();
    }
}
