package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.protocol.RebalanceModel;

/**
 * When the group was rebalancing in a measured run (the simulator's PreparingRebalance +
 * CompletingRebalance, or the consumer protocol's assigning + reconciling), inferred from the first
 * sign of each rebalance to its completion ({@link Completions}). Signs, each at its own time:
 * <ul>
 *   <li>a member's {@code joining}, {@code lost} (it rejoins) or {@code revoked} outside close();</li>
 *   <li>a new process's {@code started} (its JoinGroup), unless it is a static member that comes back
 *       into a generation that already exists;</li>
 *   <li>a dynamic member's {@code closed} (LeaveGroup), an inferred eviction or poll timeout ({@link Departures});</li>
 *   <li>cooperative: a completion in which a member revoked partitions is followed at once by the
 *       follow-up rebalance that hands them over (the revoking member rejoins right away).</li>
 * </ul>
 * A sign belongs to the first completion at or after it (a follow-up: strictly after); a rebalance
 * spans from its earliest sign (or its first report) to its completion, never before the previous
 * completion. Signs after the last completion leave the group rebalancing to the end. Signs while no
 * pod runs are dropped (an empty group does not rebalance); the replay also pauses a span while no
 * pod runs.
 *
 * <p>A group measured on an embedded broker has better than signs: the coordinator's own log
 * ({@link CoordinatorLog}). Then a classic rebalance spans from the coordinator's PreparingRebalance to
 * the leader's SyncGroup that made the group Stable in that generation, which is what the simulator
 * measures, and a consumer group's from its epoch bump to the clients' completion; the signs are not
 * used. Better still for a consumer group, its state sampled from the coordinator ({@link GroupStatePoller})
 * says when it was STABLE again. The clients' completions still say which rebalances there were.
 */
final class RebalanceSpans {

    /**
     * [fromMs, toMs); toMs is Long.MAX_VALUE when the rebalance had not completed when the run ended.
     * {@code newEpoch}: the rebalance is a new generation or group epoch, as every rebalance but a consumer
     * group kept RECONCILING by a static member away is.
     */
    record Span(long fromMs, long toMs, int generation, boolean newEpoch) {

        Span(long fromMs, long toMs, int generation) {
            this(fromMs, toMs, generation, true);
        }
    }

    private record Sign(long atMs, boolean followUp) {
    }

    private RebalanceSpans() {
    }

    static List<Span> of(MeasuredLog log, List<Completions.Completion> completions, List<Departures.Departure> departures) {
        boolean consumerProtocol = log.kind == RebalanceModel.BROKER_RECONCILED;
        if (has(log.events, CoordinatorLog.TO_CONSUMER_GROUP) || has(log.events, CoordinatorLog.TO_CLASSIC_GROUP)) {
            return acrossConversions(log.events, completions, !consumerProtocol);
        }
        if (consumerProtocol && has(log.events, GroupStatePoller.SETTLED)) {
            return fromGroupStates(log.events);
        }
        String start = consumerProtocol ? CoordinatorLog.EPOCH_BUMPED : CoordinatorLog.PREPARING;
        if (has(log.events, start)) {
            return fromCoordinator(log.events, completions, start, !consumerProtocol);
        }
        List<Sign> signs = signs(log, completions, departures);
        List<Span> spans = new ArrayList<>();
        long previousMs = Long.MIN_VALUE;
        for (Completions.Completion completion : completions) {
            long from = completion.firstReportMs();
            for (Sign sign : signs) {
                boolean after = sign.followUp() ? sign.atMs() >= previousMs : sign.atMs() > previousMs;
                boolean before = sign.followUp() ? sign.atMs() < completion.atMs() : sign.atMs() <= completion.atMs();
                if (after && before) {
                    from = Math.min(from, sign.atMs());
                }
            }
            from = Math.max(from, previousMs);
            spans.add(new Span(from, completion.atMs(), completion.generation()));
            previousMs = completion.atMs();
        }
        long trailing = Long.MAX_VALUE;
        for (Sign sign : signs) {
            if (sign.followUp() ? sign.atMs() >= previousMs : sign.atMs() > previousMs) {
                trailing = Math.min(trailing, sign.atMs());
            }
        }
        if (trailing != Long.MAX_VALUE) {
            spans.add(new Span(trailing, Long.MAX_VALUE, -1));
        }
        return spans;
    }

    private static boolean has(List<MeasuredEvent> events, String type) {
        return events.stream().anyMatch(event -> type.equals(event.type()));
    }

    /**
     * A group id that changed type during the run (an online or offline migration, docs/kafka-semantics.md §21):
     * each stretch between the coordinator's "Converted ..." lines is read as the type the group had then, a
     * classic stretch from its PreparingRebalance and Stable lines, a consumer stretch from its sampled states
     * (or its epoch bumps and the clients' completions); a completion belongs to the stretch it happened in, and
     * a rebalance still open when the group changed type ends there.
     */
    private static List<Span> acrossConversions(List<MeasuredEvent> events, List<Completions.Completion> completions,
                                                boolean startsClassic) {
        List<Span> spans = new ArrayList<>();
        boolean classic = startsClassic;
        long fromMs = Long.MIN_VALUE;
        List<MeasuredEvent> stretch = new ArrayList<>();
        for (MeasuredEvent event : events) {
            boolean toConsumer = CoordinatorLog.TO_CONSUMER_GROUP.equals(event.type());
            if (toConsumer || CoordinatorLog.TO_CLASSIC_GROUP.equals(event.type())) {
                spans.addAll(stretch(stretch, completions, classic, fromMs, event.atMs()));
                stretch = new ArrayList<>();
                fromMs = event.atMs();
                classic = !toConsumer;
            } else {
                stretch.add(event);
            }
        }
        spans.addAll(stretch(stretch, completions, classic, fromMs, Long.MAX_VALUE));
        return spans;
    }

    private static List<Span> stretch(List<MeasuredEvent> events, List<Completions.Completion> completions,
                                      boolean classic, long fromMs, long toMs) {
        List<Completions.Completion> within = completions.stream()
                .filter(completion -> completion.atMs() >= fromMs && completion.atMs() < toMs).toList();
        List<Span> spans = !classic && has(events, GroupStatePoller.SETTLED) ? fromGroupStates(events)
                : fromCoordinator(events, within, classic ? CoordinatorLog.PREPARING : CoordinatorLog.EPOCH_BUMPED, classic);
        return spans.stream().map(span -> span.toMs() <= toMs ? span
                : new Span(span.fromMs(), toMs, span.generation(), span.newEpoch())).toList();
    }

    /**
     * Each completion's rebalance from the first coordinator start ({@code startType}: a classic
     * PreparingRebalance, a consumer group's epoch bump) after the previous one ended; to the
     * coordinator's Stable of the completion's generation when {@code stableEnds} and that line is there,
     * else to the clients' completion (a consumer group is stable once its members have reconciled, which
     * the coordinator does not log as one line). A start after the last completion leaves the group
     * rebalancing to the end.
     */
    private static List<Span> fromCoordinator(List<MeasuredEvent> events, List<Completions.Completion> completions,
                                              String startType, boolean stableEnds) {
        List<Long> preparing = new ArrayList<>();
        Map<Integer, Long> stableByGeneration = new HashMap<>();
        for (MeasuredEvent event : events) {
            if (startType.equals(event.type())) {
                preparing.add(event.atMs());
            } else if (stableEnds && CoordinatorLog.STABLE.equals(event.type())) {
                stableByGeneration.putIfAbsent(event.generation(), event.atMs());
            }
        }
        List<Span> spans = new ArrayList<>();
        long previousMs = Long.MIN_VALUE;
        int next = 0;
        for (Completions.Completion completion : completions) {
            while (next < preparing.size() && preparing.get(next) < previousMs) {
                next++;
            }
            long to = stableByGeneration.getOrDefault(completion.generation(), completion.atMs());
            long from = next < preparing.size() && preparing.get(next) <= to ? preparing.get(next)
                    : Math.min(completion.firstReportMs(), to);
            from = Math.max(from, previousMs);
            spans.add(new Span(from, Math.max(from, to), completion.generation()));
            previousMs = Math.max(from, to);
        }
        while (next < preparing.size() && preparing.get(next) < previousMs) {
            next++;
        }
        if (next < preparing.size()) {
            spans.add(new Span(preparing.get(next), Long.MAX_VALUE, -1));
        }
        return spans;
    }

    /**
     * A consumer group's rebalances as its coordinator reported them ({@link GroupStatePoller}): from an
     * epoch bump in the coordinator's log, or a sample that found the group ASSIGNING or RECONCILING (a
     * static member away with epoch -2 keeps it so with no bump), to the first sample that found it STABLE
     * (or EMPTY) in that epoch or a later one; a sample answered before the coordinator handled the bump
     * still shows the old epoch and ends nothing.
     */
    private static List<Span> fromGroupStates(List<MeasuredEvent> events) {
        List<Span> spans = new ArrayList<>();
        long openFrom = -1;
        int openEpoch = -1;
        boolean bumped = false;
        for (MeasuredEvent event : events) {
            switch (event.type()) {
                case CoordinatorLog.EPOCH_BUMPED, GroupStatePoller.REBALANCING -> {
                    if (openFrom < 0) {
                        openFrom = event.atMs();
                        bumped = false;
                    }
                    bumped |= CoordinatorLog.EPOCH_BUMPED.equals(event.type());
                    openEpoch = Math.max(openEpoch, event.generation());
                }
                case GroupStatePoller.SETTLED -> {
                    if (openFrom >= 0 && event.generation() >= openEpoch) {
                        spans.add(new Span(openFrom, Math.max(openFrom, event.atMs()), event.generation(), bumped));
                        openFrom = -1;
                        openEpoch = -1;
                    }
                }
                default -> {
                }
            }
        }
        if (openFrom >= 0) {
            spans.add(new Span(openFrom, Long.MAX_VALUE, openEpoch, bumped));
        }
        return spans;
    }

    private static List<Sign> signs(MeasuredLog log, List<Completions.Completion> completions,
                                    List<Departures.Departure> departures) {
        Map<Integer, Completions.Completion> byGeneration = Completions.byGeneration(completions);
        List<Sign> signs = new ArrayList<>();
        for (int i = 0; i < log.size(); i++) {
            MeasuredEvent event = log.get(i);
            PodLife life = log.lifeOf(i);
            if (life == null || log.ignored.contains(i)) {
                continue;
            }
            long at = event.atMs();
            boolean closing = life.closingAt(at);
            switch (event.type()) {
                case "joining", "lost" -> {
                    // A static member taking its old identity back joins without a rebalance.
                    boolean staticReturn = "joining".equals(event.type())
                            && rejoinsExistingGeneration(log, life, completions);
                    if (!closing && !staticReturn) {
                        signs.add(new Sign(at, false));
                    }
                }
                case "revoked" -> {
                    Completions.Completion completion = byGeneration.get(event.generation());
                    if (closing) {
                        break;
                    }
                    if (log.kind == RebalanceModel.COOPERATIVE && completion != null && completion.atMs() >= at) {
                        signs.add(new Sign(completion.atMs(), true));
                    } else {
                        signs.add(new Sign(at, false));
                    }
                }
                case "started" -> {
                    if (!rejoinsExistingGeneration(log, life, completions)) {
                        signs.add(new Sign(at, false));
                    }
                }
                case "closed" -> {
                    if (life.leavesOnClose) {
                        signs.add(new Sign(at, false));
                    }
                }
                default -> {
                }
            }
        }
        departures.stream().filter(d -> d.kind().isEviction() || d.pollTimeout())
                .forEach(d -> signs.add(new Sign(d.atMs(), false)));
        signs.removeIf(sign -> !log.anyAliveAt(sign.atMs()));
        return signs;
    }

    /** A static member back in time: its first assignment is of a generation that existed before it started. */
    private static boolean rejoinsExistingGeneration(MeasuredLog log, PodLife life, List<Completions.Completion> completions) {
        if (!life.isStatic) {
            return false;
        }
        for (int index : life.events) {
            MeasuredEvent event = log.get(index);
            if ("assigned".equals(event.type()) && event.generation() > 0) {
                return completions.stream().anyMatch(c -> c.generation() == event.generation()
                        && c.firstReportMs() < life.startMs);
            }
        }
        return false;
    }
}
