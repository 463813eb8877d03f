package org.rebalancesim.run;

import java.util.Locale;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.Operations;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.scenario.autoscaling.AutoscalerSpec;

/**
 * How many events a variant will need, estimated before it runs, so that a scenario far past the event
 * budget is refused at once with the estimate and the budget, instead of running for an hour and
 * failing at the bound. The estimate counts what costs events in this model (the cost grows with
 * protocol events, never with records):
 *
 * <pre>
 *   events ≈ D·N·(4·1000/hb + 4·polls + 6·1000/ac) + 20·N·R + 2000 + 30·N
 *   D     duration in seconds;  N  every pod the scenario ever starts, or, with an autoscaler, the most
 *         replicas it may set if that is more
 *   hb    heartbeat interval in ms (the broker's for the consumer protocol): a heartbeat is ~4 events
 *   polls batches per pod per second, ~4 events each (the wake-up, the batch's end, the poll() after it):
 *         min(bursts, r / b, 1000), where bursts = the sum over subscribed topics of rate / partitions
 *         (a topic's partitions receive their next record at the same instant, so a pod wakes once per
 *         burst; with arrivals: inTurn, at one instant per partition, so times the partitions a pod
 *         owns), r = records per second per initial pod and b = 1 + r·m/1000 records per batch (m = mean
 *         processing ms per record), at most max.poll.records; ~7 events each with enable.auto.commit
 *         false (the commitSync after each batch: its request, answer and timeout timer)
 *   ac    auto.commit.interval.ms: a commit is ~6 events (the wake-up that runs it when the consumer
 *         waits for records, its request, its answer, the classic member's session timer it renews);
 *         Kafka Streams' commit.interval.ms the same, its
 *         idle loop turn ending once the interval has passed
 *   R     rebalances: 2, plus 2 per pod touched by a start, stop, crash, restart or rolling restart, 1
 *         per other timeline entry (each operation's registry entry says which), and 2 per expected
 *         occurrence of each recurring fault on each pod; at
 *         most 2 + D: a group runs one rebalance at a time and whatever triggers another meanwhile joins
 *         it (a rolling restart of 1,000 pods one every 3 s, with GC pauses, is 2,000 + 12,000 triggers
 *         but 772 rebalances an hour)
 *   2000 lag samples; 20·N events per rebalance per pod; 30·N for starting the pods (the client's
 *         start-up round trips among them, docs/kafka-semantics.md §22)
 * </pre>
 *
 * It aims at the right order of magnitude, not at precision: the run's own bound still stops a run that
 * goes past the budget anyway.
 */
public final class EventBudget {

    private EventBudget() {
    }

    /** The estimated events of one variant. */
    public static double estimate(Variant variant) {
        double seconds = variant.durationMs() / 1000.0;
        int pods = podsEver(variant);
        ConsumerConfig config = variant.consumers().config();
        double perPodPerSecond = 4_000.0 / heartbeatIntervalMs(variant)
                + (config.enableAutoCommit() ? 4 : 7) * pollsPerSecond(variant)
                + (config.enableAutoCommit() ? 6_000.0 / Math.max(1, config.autoCommitIntervalMs()) : 0)
                + (variant.consumers().streams() == null ? 0
                        : 6_000.0 / Math.max(1, variant.consumers().streams().commitIntervalMs()));
        return seconds * pods * perPodPerSecond + 20.0 * pods * rebalances(variant) + 2_000 + 30.0 * pods;
    }

    /**
     * @throws SimulationLimitException when the estimate is over {@code maxEvents}: the message gives both
     *                                  and how to raise the budget
     */
    public static void check(Variant variant, long maxEvents) {
        double estimate = estimate(variant);
        if (estimate > maxEvents) {
            throw new SimulationLimitException(String.format(Locale.ROOT, "variant %s would need about %,.0f "
                    + "simulated events (%s of %d pods), over the budget of %,d events per variant; shorten "
                    + "duration, run fewer pods or lower the rates, or raise the budget with --max-events %d",
                    variant.name(), estimate, durationText(variant.durationMs()), podsEver(variant),
                    maxEvents, (long) Math.ceil(estimate * 2)));
        }
    }

    private static int podsEver(Variant variant) {
        AutoscalerSpec autoscaler = variant.consumers().autoscaler();
        int scaledTo = autoscaler == null ? 0 : autoscaler.horizontalPodAutoscaler().maxReplicas();
        return Math.max(variant.consumers().all().size(), scaledTo);
    }

    private static long heartbeatIntervalMs(Variant variant) {
        ConsumerConfig config = variant.consumers().config();
        return Math.max(1, GroupProtocols.ofBuiltInAssignors(config).heartbeatIntervalMs(config, variant.cluster()));
    }

    private static double pollsPerSecond(Variant variant) {
        double rate = 0;
        double bursts = 0;
        int pods = Math.max(1, variant.consumers().initial().size());
        for (TopicSpec topic : variant.topics()) {
            if (variant.consumers().subscribe().contains(topic.name())) {
                rate += topic.peakRecordsPerSecond();
                int partitions = Math.max(1, topic.partitions());
                // In turn, each partition a pod owns receives its record at an instant of its own.
                int perPodAtOnce = topic.inTurn() ? (partitions + pods - 1) / pods : 1;
                bursts += topic.peakRecordsPerSecond() / partitions * perPodAtOnce;
            }
        }
        double perPod = rate / pods;
        double meanMs = variant.consumers().processing().mean();
        double batch = Double.isFinite(meanMs) ? 1 + perPod * meanMs / 1000 : variant.consumers().config().maxPollRecords();
        batch = Math.min(batch, variant.consumers().config().maxPollRecords());
        return Math.min(Math.min(bursts, perPod / batch), 1000);
    }

    private static double rebalances(Variant variant) {
        return Math.min(triggers(variant), 2 + variant.durationMs() / 1000.0);
    }

    private static double triggers(Variant variant) {
        int pods = variant.consumers().all().size();
        double count = 2;
        for (TimelineEvent event : variant.timeline()) {
            count += Operations.rebalanceTriggers(event.operation(), pods);
        }
        for (FaultSpec fault : variant.faults()) {
            double mean = fault.every().mean();
            double occurrences = mean > 0 && Double.isFinite(mean) ? variant.durationMs() / mean : 0;
            count += 2.0 * occurrences * fault.targetCount(pods);
        }
        return count;
    }

    private static String durationText(long ms) {
        long seconds = ms / 1000;
        return seconds >= 3600 ? String.format(Locale.ROOT, "%.1f h", seconds / 3600.0)
                : seconds >= 60 ? String.format(Locale.ROOT, "%.1f min", seconds / 60.0) : seconds + " s";
    }
}
