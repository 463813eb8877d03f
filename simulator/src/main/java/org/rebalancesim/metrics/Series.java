package org.rebalancesim.metrics;

import java.util.List;

/**
 * Time series kept for charts and the run's story. Sizes grow with protocol events, never with
 * records: member states are intervals, lag is sampled at a fixed number of points.
 *
 * @param memberStates  per pod, the intervals of its state (consuming, rebalancing, paused, ...)
 * @param ownership     per partition, the intervals during which a member owned it
 * @param lag           total lag samples
 * @param rebalances    each completed generation: when the rebalance started and when it was Stable
 * @param events        the notable things that happened, in time order, for the run's story
 */
public record Series(List<StateInterval> memberStates, List<OwnershipInterval> ownership,
                     List<LagSample> lag, List<RebalanceSpan> rebalances, List<StoryEvent> events) {

    public Series {
        memberStates = List.copyOf(memberStates);
        ownership = List.copyOf(ownership);
        lag = List.copyOf(lag);
        rebalances = List.copyOf(rebalances);
        events = List.copyOf(events);
    }

    public record StateInterval(String member, MemberState state, long fromMs, long toMs) {
    }

    public record OwnershipInterval(String partition, String member, long fromMs, long toMs) {
    }

    public record LagSample(long atMs, long lag) {
    }

    /** @param partitionsMoved partitions whose owning pod changed since the previous generation */
    public record RebalanceSpan(int generation, long startMs, long stableMs, String cause, int partitionsMoved) {
    }

    public record StoryEvent(long atMs, String subject, String what) {
    }
}
