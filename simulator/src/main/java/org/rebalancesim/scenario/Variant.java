package org.rebalancesim.scenario;

import java.util.List;

/**
 * One fully resolved configuration of a scenario: everything a run needs.
 *
 * @param durationMs   simulated time of the run
 * @param measure      the window the metrics cover
 * @param timeline     operations in time order (stable for equal times: file order)
 * @param faults       recurring random faults
 * @param expectations the {@code expect:} rules for this variant, in file order
 * @param warnings     what the variant asks for that the run ignores (docs/scenario-format.md, "Settings
 *                     Kafka refuses"), in file order
 */
public record Variant(String name, long durationMs, MeasureWindow measure, ClusterSpec cluster,
                      String groupId, List<TopicSpec> topics, ConsumersSpec consumers,
                      List<TimelineEvent> timeline, List<FaultSpec> faults,
                      List<Expectation> expectations, List<Problem> warnings) {

    /** The same variant with other consumers (a calibration simulates with the start-up it measured). */
    public Variant withConsumers(ConsumersSpec newConsumers) {
        return new Variant(name, durationMs, measure, cluster, groupId, topics, newConsumers, timeline, faults,
                expectations, warnings);
    }

    /** The same variant on another cluster (a calibration simulates the broker it measured). */
    public Variant withCluster(ClusterSpec newCluster) {
        return new Variant(name, durationMs, measure, newCluster, groupId, topics, consumers, timeline, faults,
                expectations, warnings);
    }

    public Variant {
        topics = List.copyOf(topics);
        timeline = List.copyOf(timeline);
        faults = List.copyOf(faults);
        expectations = List.copyOf(expectations);
        warnings = List.copyOf(warnings);
    }
}
