package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.protocol.RebalanceModel;

/**
 * A measured run's events in time order (stable for equal times), cut at the variant's duration, with
 * what every inference needs: each pod's lives, which partitions a life owned after each callback, and
 * the callbacks that are not the group's doing (a close without LeaveGroup, a static member's or a Kafka
 * Streams instance's, revokes locally but keeps its partitions in the group, as the simulator models it).
 */
final class MeasuredLog {

    /** Event types that belong to a running consumer: one outside any life opens one. */
    private static final Set<String> GROUP_CALLBACKS = Set.of("joining", "assigned", "revoked", "lost");
    /**
     * Events about a pod that are not its consumer's doing (the orchestrator's, the coordinator's): they
     * neither open a life nor belong to one, and the replay tells no story of them.
     */
    static final Set<String> NOT_THE_CONSUMERS = Set.of("produced", "partitionsAdded", "exited",
            CoordinatorLog.NEW_MEMBER, CoordinatorLog.REMOVED, CoordinatorLog.LEFT);

    final List<MeasuredEvent> events;
    /** How the group moves partitions: what counts as stop-the-world and which events a member reports. */
    final RebalanceModel kind;
    /**
     * Whether some member speaks the consumer protocol (a consumer-protocol variant, or a migration between the
     * protocols): such members report their epochs, and reach one before they hold all of its partitions.
     */
    final boolean reconciledByBroker;
    final Map<String, List<PodLife>> lives = new TreeMap<>();
    /** Index → the life it belongs to (pod events only). */
    private final Map<Integer, PodLife> lifeOf = new HashMap<>();
    /** Index of an assigned / revoked / lost event → what its life owned right after it. */
    private final Map<Integer, SortedSet<TopicPartition>> ownedAfter = new HashMap<>();
    private final Map<PodLife, SortedSet<TopicPartition>> ownedAtEnd = new HashMap<>();
    /** Events the replay skips: the revocations of a close that sends no LeaveGroup. */
    final Set<Integer> ignored = new HashSet<>();

    MeasuredLog(Variant variant, List<MeasuredEvent> measured) {
        this.kind = VariantProtocol.of(variant).model();
        this.reconciledByBroker = kind == RebalanceModel.BROKER_RECONCILED || GroupProtocols.speaksBoth(variant);
        List<MeasuredEvent> sorted = new ArrayList<>();
        for (MeasuredEvent event : measured) {
            if (event != null && event.atMs() >= 0 && event.atMs() <= variant.durationMs() && event.type() != null) {
                sorted.add(event);
            }
        }
        sorted.sort(Comparator.comparingLong(MeasuredEvent::atMs));
        this.events = List.copyOf(sorted);
        buildLives(variant);
        trackOwnership();
    }

    MeasuredEvent get(int index) {
        return events.get(index);
    }

    int size() {
        return events.size();
    }

    PodLife lifeOf(int index) {
        return lifeOf.get(index);
    }

    /** What the life of the event at {@code index} owned right after it (its last callback up to there). */
    SortedSet<TopicPartition> ownedAt(int index) {
        PodLife life = lifeOf.get(index);
        if (life == null) {
            return new TreeSet<>();
        }
        SortedSet<TopicPartition> owned = new TreeSet<>();
        for (int own : life.events) {
            if (own > index) {
                break;
            }
            owned = ownedAfter.getOrDefault(own, owned);
        }
        return new TreeSet<>(owned);
    }

    SortedSet<TopicPartition> ownedAtEnd(PodLife life) {
        return ownedAtEnd.getOrDefault(life, new TreeSet<>());
    }

    List<PodLife> allLives() {
        List<PodLife> all = new ArrayList<>();
        lives.values().forEach(all::addAll);
        return all;
    }

    boolean anyAliveAt(long ms) {
        return allLives().stream().anyMatch(life -> life.aliveAt(ms));
    }

    /** "orders-3" → orders / 3 (topic names may contain dashes: the number is after the last one). */
    static TopicPartition partition(String text) {
        int dash = text.lastIndexOf('-');
        if (dash <= 0 || dash == text.length() - 1) {
            throw new IllegalArgumentException("not a partition (topic-N): " + text);
        }
        return new TopicPartition(text.substring(0, dash), Integer.parseInt(text.substring(dash + 1)));
    }

    static List<TopicPartition> partitions(List<String> texts) {
        return texts.stream().map(MeasuredLog::partition).sorted().toList();
    }

    private void buildLives(Variant variant) {
        Map<String, PodLife> open = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            MeasuredEvent event = events.get(i);
            String pod = event.pod();
            if (pod == null || NOT_THE_CONSUMERS.contains(event.type())) {
                continue;
            }
            PodLife life = open.get(pod);
            switch (event.type()) {
                case "started" -> {
                    if (life != null) {
                        life.end(event.atMs(), "restarted");
                    }
                    life = newLife(variant, pod, event.atMs(), open);
                }
                case "killed", "closed", "fatal" -> {
                    if (life != null) {
                        life.events.add(i);
                        lifeOf.put(i, life);
                        life.end(event.atMs(), event.type());
                        open.remove(pod);
                    }
                    continue;
                }
                case "paused" -> {
                    if (life != null) {
                        life.pause(event.atMs());
                    }
                }
                case "resumed" -> {
                    if (life != null) {
                        life.resume(event.atMs());
                    }
                }
                case "stopRequested" -> {
                    if (life != null && life.stopRequestedMs < 0) {
                        life.stopRequestedMs = event.atMs();
                    }
                }
                default -> {
                    if (life == null && GROUP_CALLBACKS.contains(event.type())) {
                        life = newLife(variant, pod, event.atMs(), open);
                    }
                }
            }
            if (life != null) {
                life.events.add(i);
                lifeOf.put(i, life);
            }
        }
    }

    private PodLife newLife(Variant variant, String pod, long atMs, Map<String, PodLife> open) {
        PodLife life = new PodLife(pod, atMs, variant.consumers().configOf(pod).isStatic(),
                variant.consumers().leavesGroupOnClose(pod));
        lives.computeIfAbsent(pod, k -> new ArrayList<>()).add(life);
        open.put(pod, life);
        return life;
    }

    private void trackOwnership() {
        for (PodLife life : allLives()) {
            SortedSet<TopicPartition> owned = new TreeSet<>();
            for (int index : life.events) {
                MeasuredEvent event = events.get(index);
                List<TopicPartition> partitions = partitions(event.partitions());
                switch (event.type()) {
                    case "assigned" -> {
                        if (kind == RebalanceModel.EAGER) {
                            owned.clear();
                        }
                        owned.addAll(partitions);
                    }
                    case "revoked" -> {
                        if (!life.leavesOnClose && life.closingAt(event.atMs()) && "closed".equals(life.endType)) {
                            ignored.add(index);
                            continue;
                        }
                        partitions.forEach(owned::remove);
                    }
                    case "lost" -> partitions.forEach(owned::remove);
                    default -> {
                        continue;
                    }
                }
                ownedAfter.put(index, new TreeSet<>(owned));
            }
            ownedAtEnd.put(life, new TreeSet<>(owned));
        }
    }
}
