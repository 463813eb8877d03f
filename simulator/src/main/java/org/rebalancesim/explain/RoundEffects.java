package org.rebalancesim.explain;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.metrics.Series;

/**
 * What each rebalance did to the members, from the ownership and member-state intervals: who revoked,
 * lost or was assigned how many partitions, and the member-time blocked in the rebalancing state.
 *
 * <p>Each change is given to one rebalance by time. A revocation counts for the rebalance in progress,
 * else for one starting up to {@link #LEAD_MS} later (close() revokes just before its LeaveGroup), else
 * for the last one started; an assignment for the last rebalance started. Partitions dropped by the
 * member a rebalance evicted count as lost in it (a paused member learns it on waking up), and so do a
 * pod's partitions dropped while it was down, in the first rebalance not yet stable (the coordinator
 * removed it then, or its restart gave them up before).
 * A partition that ends and starts again at the same instant with the same pod did not change hands (a
 * static member's new process taking its assignment back).
 */
final class RoundEffects {

    /** How long before its rebalance a revocation may come. */
    static final long LEAD_MS = 1000;

    private static final Set<RebalanceTrigger> EVICTIONS =
            EnumSet.of(RebalanceTrigger.SESSION_TIMEOUT, RebalanceTrigger.SYNC_TIMEOUT, RebalanceTrigger.REBALANCE_TIMEOUT);

    /** Partition counts by pod, in the pods' order, and the blocked member-time. */
    record Effects(Map<String, Integer> revoked, Map<String, Integer> lost, Map<String, Integer> assigned,
                   long stopTheWorldMs) {
    }

    private RoundEffects() {
    }

    static List<Effects> of(List<Round> rounds, RunFacts facts, Comparator<String> podOrder) {
        List<Tally> tallies = rounds.stream().map(r -> new Tally(podOrder)).toList();
        Set<String> unchanged = unchangedHandOvers(facts.ownership());
        for (Series.OwnershipInterval held : facts.ownership()) {
            if (held.fromMs() > 0 && !unchanged.contains(key(held.partition(), held.member(), held.fromMs()))) {
                add(tallies, indexStartedBy(rounds, held.fromMs()), Tally.ASSIGNED, held.member());
            }
            if (held.toMs() < facts.endMs() && !unchanged.contains(key(held.partition(), held.member(), held.toMs()))) {
                countEnd(rounds, tallies, facts, held);
            }
        }
        for (Series.StateInterval state : facts.states()) {
            if (state.state() == MemberState.REBALANCING) {
                int index = indexFor(rounds, state.fromMs());
                if (index >= 0) {
                    tallies.get(index).stopTheWorldMs += state.toMs() - state.fromMs();
                }
            }
        }
        return tallies.stream().map(Tally::effects).toList();
    }

    private static void countEnd(List<Round> rounds, List<Tally> tallies, RunFacts facts, Series.OwnershipInterval held) {
        if (facts.downJustBefore(held.member(), held.toMs())) {
            add(tallies, indexNotStableAt(rounds, held.toMs()), Tally.LOST, held.member());
            return;
        }
        int latest = indexStartedBy(rounds, held.toMs());
        if (latest >= 0 && EVICTIONS.contains(rounds.get(latest).trigger())
                && held.member().equals(rounds.get(latest).pod())) {
            add(tallies, latest, Tally.LOST, held.member());
            return;
        }
        add(tallies, indexFor(rounds, held.toMs()), Tally.REVOKED, held.member());
    }

    /** The rebalance in progress at {@code atMs}, else one starting within {@link #LEAD_MS}, else the last started. */
    private static int indexFor(List<Round> rounds, long atMs) {
        for (int i = rounds.size() - 1; i >= 0; i--) {
            if (rounds.get(i).covers(atMs)) {
                return i;
            }
        }
        for (int i = 0; i < rounds.size(); i++) {
            if (rounds.get(i).startMs() > atMs && rounds.get(i).startMs() <= atMs + LEAD_MS) {
                return i;
            }
        }
        return indexStartedBy(rounds, atMs);
    }

    /** Keys of interval ends that meet an interval start of the same partition and pod at the same time. */
    private static Set<String> unchangedHandOvers(List<Series.OwnershipInterval> ownership) {
        Set<String> starts = new HashSet<>();
        ownership.forEach(o -> starts.add(key(o.partition(), o.member(), o.fromMs())));
        Set<String> unchanged = new HashSet<>();
        ownership.stream().map(o -> key(o.partition(), o.member(), o.toMs())).filter(starts::contains)
                .forEach(unchanged::add);
        return unchanged;
    }

    private static String key(String partition, String pod, long atMs) {
        return partition + '\u0000' + pod + '\u0000' + atMs;
    }

    /** The last round started at or before {@code atMs}, or -1. */
    private static int indexStartedBy(List<Round> rounds, long atMs) {
        int index = -1;
        for (int i = 0; i < rounds.size() && rounds.get(i).startMs() <= atMs; i++) {
            index = i;
        }
        return index;
    }

    /** The first round not yet stable at {@code atMs}, or -1. */
    private static int indexNotStableAt(List<Round> rounds, long atMs) {
        for (int i = 0; i < rounds.size(); i++) {
            if (!rounds.get(i).completed() || rounds.get(i).stableMs() >= atMs) {
                return i;
            }
        }
        return -1;
    }

    /** Counts a change for the round at {@code index}; a change before the first rebalance belongs to none. */
    private static void add(List<Tally> tallies, int index, int what, String pod) {
        if (index >= 0) {
            tallies.get(index).counts.get(what).merge(pod, 1, Integer::sum);
        }
    }

    /** The counts of one round while they are gathered. */
    private static final class Tally {
        static final int REVOKED = 0;
        static final int LOST = 1;
        static final int ASSIGNED = 2;
        private final List<Map<String, Integer>> counts;
        long stopTheWorldMs;

        Tally(Comparator<String> podOrder) {
            counts = List.of(new TreeMap<>(podOrder), new TreeMap<>(podOrder), new TreeMap<>(podOrder));
        }

        Effects effects() {
            return new Effects(counts.get(REVOKED), counts.get(LOST), counts.get(ASSIGNED), stopTheWorldMs);
        }
    }
}
