package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rebalancesim.partition.TopicPartition;

/**
 * The rebalances of a measured run, inferred from the members' callbacks: the coordinator's state is
 * not visible to the clients. A generation (classic) or member epoch (consumer protocol) G completes
 * when the last member that takes part in it reports it, and counts once:
 * <ul>
 *   <li>a report is an {@code assigned} event with generation G (classic: Kafka calls
 *       onPartitionsAssigned after every rebalance, even with no partitions); under the consumer
 *       protocol also any event of the pod that carries its member epoch (a member whose assignment
 *       does not change gets no callback, so the worker logs {@code epoch} whenever the epoch it
 *       observes changes, and puts it on {@code polled} and {@code committed});</li>
 *   <li>a member takes part in G when its life began before G was first reported by anyone (a static
 *       member that comes back into a generation that already exists does not make it a new one), and
 *       it reports G before any member reports a later generation (by then G was over).</li>
 * </ul>
 * Under the consumer protocol a member reaches epoch G before it holds all of G's partitions: one
 * that waits for partitions another member still has to revoke is given epoch G at once
 * (UNRELEASED_PARTITIONS) and receives them later in the same epoch, while the revoking member stays
 * in its old epoch until it has revoked (docs/kafka-semantics.md §10, "What a client can see of
 * it"). So G completes at its last report or at the last {@code assigned} of partitions in epoch G
 * before a later epoch, whichever is later; otherwise that late assignment would read as the start
 * of a new rebalance, one that never ends when it comes after the last completion.
 * The assignment of G is what each taking part member owned right after its last such event. A group that
 * migrates between the protocols is read this way throughout: its consumer-protocol members report epochs, and
 * inside a consumer group its classic members are given partitions within an epoch too.
 */
final class Completions {

    /** One completed rebalance. */
    record Completion(int generation, long firstReportMs, long atMs, Map<String, List<TopicPartition>> assignment) {

        /** Whether it gave any of {@code partitions} to a pod other than {@code pod}. */
        boolean movesAwayFrom(String pod, Set<TopicPartition> partitions) {
            for (Map.Entry<String, List<TopicPartition>> entry : assignment.entrySet()) {
                if (!entry.getKey().equals(pod) && entry.getValue().stream().anyMatch(partitions::contains)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final Set<String> CONSUMER_PROTOCOL_REPORTS = Set.of("assigned", "polled", "committed", "epoch");

    private Completions() {
    }

    /** The completed rebalances in time order. */
    static List<Completion> of(MeasuredLog log) {
        Map<Integer, Long> firstReport = new TreeMap<>();
        Map<Integer, List<Integer>> reports = new TreeMap<>();
        for (int i = 0; i < log.size(); i++) {
            MeasuredEvent event = log.get(i);
            if (isReport(log, event) && log.lifeOf(i) != null) {
                firstReport.merge(event.generation(), event.atMs(), Math::min);
                reports.computeIfAbsent(event.generation(), g -> new ArrayList<>()).add(i);
            }
        }
        List<Completion> completions = new ArrayList<>();
        for (Map.Entry<Integer, List<Integer>> entry : reports.entrySet()) {
            int generation = entry.getKey();
            long first = firstReport.get(generation);
            long later = laterGenerationStart(firstReport, generation);
            Map<PodLife, Integer> taking = new LinkedHashMap<>();
            for (int index : entry.getValue()) {
                PodLife life = log.lifeOf(index);
                long at = log.get(index).atMs();
                if (life.startMs <= first && at <= later && !taking.containsKey(life)) {
                    taking.put(life, index);
                }
            }
            if (taking.isEmpty()) {
                continue;
            }
            if (log.reconciledByBroker) {
                lateGrants(log, generation, later, taking);
            }
            long completedMs = first;
            Map<String, List<TopicPartition>> assignment = new TreeMap<>();
            for (Map.Entry<PodLife, Integer> member : taking.entrySet()) {
                completedMs = Math.max(completedMs, log.get(member.getValue()).atMs());
                assignment.put(member.getKey().pod, List.copyOf(log.ownedAt(member.getValue())));
            }
            completions.add(new Completion(generation, first, completedMs, assignment));
        }
        completions.sort(Comparator.comparingLong(Completion::atMs).thenComparingInt(Completion::generation));
        return completions;
    }

    /**
     * Moves each taking part member's event to its last {@code assigned} of partitions in epoch
     * {@code generation} that came before a later epoch was first reported (consumer protocol only).
     */
    private static void lateGrants(MeasuredLog log, int generation, long later, Map<PodLife, Integer> taking) {
        for (Map.Entry<PodLife, Integer> member : taking.entrySet()) {
            for (int index : member.getKey().events) {
                MeasuredEvent event = log.get(index);
                boolean grant = "assigned".equals(event.type()) && event.generation() == generation
                        && !event.partitions().isEmpty() && event.atMs() <= later;
                if (grant && event.atMs() > log.get(member.getValue()).atMs()) {
                    member.setValue(index);
                }
            }
        }
    }

    private static boolean isReport(MeasuredLog log, MeasuredEvent event) {
        if (event.generation() <= 0) {
            return false;
        }
        return log.reconciledByBroker ? CONSUMER_PROTOCOL_REPORTS.contains(event.type())
                : "assigned".equals(event.type());
    }

    private static long laterGenerationStart(Map<Integer, Long> firstReport, int generation) {
        long later = Long.MAX_VALUE;
        for (Map.Entry<Integer, Long> entry : firstReport.entrySet()) {
            if (entry.getKey() > generation) {
                later = Math.min(later, entry.getValue());
            }
        }
        return later;
    }

    /** The first completion after {@code afterMs} (exclusive) that gives one of {@code partitions} to another pod. */
    static Completion firstMovingAway(List<Completion> completions, long afterMs, String pod,
                                      Set<TopicPartition> partitions) {
        for (Completion completion : completions) {
            if (completion.atMs() > afterMs && completion.movesAwayFrom(pod, partitions)) {
                return completion;
            }
        }
        return null;
    }

    static Map<Integer, Completion> byGeneration(List<Completion> completions) {
        Map<Integer, Completion> map = new HashMap<>();
        completions.forEach(c -> map.put(c.generation(), c));
        return map;
    }
}
