package org.rebalancesim.explain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series.StoryEvent;

/**
 * What else happened while a rebalance ran: pods that joined the same generation, further epoch bumps,
 * members that left or were removed (each with its own chain).
 */
final class RoundMeanwhile {

    private final RunFacts facts;
    private final Limits limits;
    private final DepartureChains departures;
    /** The events that started a rebalance: each is told by its own line, never as "meanwhile". */
    private final Set<StoryEvent> openings = Collections.newSetFromMap(new IdentityHashMap<>());

    RoundMeanwhile(RunFacts facts, Limits limits, DepartureChains departures, List<Round> rounds) {
        this.facts = facts;
        this.limits = limits;
        this.departures = departures;
        rounds.stream().map(Round::opening).filter(Objects::nonNull).forEach(openings::add);
    }

    /**
     * Further triggers while the rebalance ran (more epoch bumps, a restarted join), grouped while the
     * verb stays the same: "c2, c5, c6 joined (epochs 3 to 5), c4 left (epoch 6)".
     */
    String triggers(Round round) {
        StoryKind kind = limits.brokerDriven() ? StoryKind.GROUP_EPOCH : StoryKind.GROUP_STATE;
        List<String> said = new ArrayList<>();
        List<String> pods = new ArrayList<>();
        String verb = null;
        int firstEpoch = -1;
        int lastEpoch = -1;
        for (StoryEvent event : facts.between(round.startMs(), round.completed() ? round.stableMs() : facts.endMs())) {
            if (event.kind() != kind || event.detail() == null || openings.contains(event)) {
                continue;
            }
            RebalanceTrigger trigger = RebalanceTrigger.valueOf(event.detail());
            if (trigger == RebalanceTrigger.SESSION_TIMEOUT || trigger == RebalanceTrigger.MEMBER_LEFT) {
                if (verb != null) {
                    said.add(group(pods, verb, firstEpoch, lastEpoch));
                    pods.clear();
                    verb = null;
                }
                said.add(departure(event, trigger, round));
                continue;
            }
            String next = verb(trigger);
            if (!next.equals(verb) && verb != null) {
                said.add(group(pods, verb, firstEpoch, lastEpoch));
                pods.clear();
            }
            if (pods.isEmpty()) {
                firstEpoch = event.generation();
            }
            verb = next;
            lastEpoch = event.generation();
            pods.add(Words.who(event.pod()));
            tellStart(event.pod(), event.atMs());
        }
        if (verb != null) {
            said.add(group(pods, verb, firstEpoch, lastEpoch));
        }
        return said.isEmpty() ? "" : "meanwhile " + String.join(", ", said);
    }

    /** A member that left or was removed during the rebalance, with its own chain of causes. */
    private String departure(StoryEvent event, RebalanceTrigger trigger, Round round) {
        Chain chain = trigger == RebalanceTrigger.SESSION_TIMEOUT ? departures.sessionTimeout(event.pod(), event.atMs())
                : departures.left(event.pod(), event.atMs(), round.startMs());
        if (event.pod() != null) {
            facts.first(event.pod(), event.atMs(), event.atMs(), EnumSet.of(StoryKind.MEMBER_REMOVED)).ifPresent(facts::tell);
        }
        return chain.cause() + (limits.brokerDriven() ? " (epoch " + event.generation() + ")" : "");
    }

    private String group(List<String> pods, String verb, int firstEpoch, int lastEpoch) {
        String who = pods.size() > Words.MAX_NAMED_PODS ? pods.size() + " more members" : String.join(", ", pods);
        if (!limits.brokerDriven()) {
            return who + " " + verb;
        }
        return who + " " + verb + (firstEpoch == lastEpoch ? " (epoch " + firstEpoch + ")"
                : " (epochs " + firstEpoch + " to " + lastEpoch + ")");
    }

    /** The start of a pod that joins a rebalance already running is part of that rebalance's line. */
    private void tellStart(String pod, long joinedMs) {
        if (pod != null) {
            facts.latest(pod, joinedMs - ArrivalChains.JOIN_AFTER_START_MS, joinedMs, EnumSet.of(StoryKind.STARTED)).ifPresent(facts::tell);
        }
    }

    /**
     * Classic pods that started around a join and joined the same generation without a trigger of their
     * own (a group in PreparingRebalance just waits for them).
     */
    String alsoJoined(Round round, RoundEffects.Effects effects) {
        if (limits.brokerDriven() || round.fromEmpty() || round.trigger() != RebalanceTrigger.MEMBER_JOINED) {
            return "";
        }
        List<String> pods = new ArrayList<>();
        long untilMs = round.completed() ? round.stableMs() : facts.endMs();
        for (StoryEvent event : facts.between(round.startMs() - ArrivalChains.JOIN_AFTER_START_MS, untilMs)) {
            // A pod started before the rebalance began joins it; one started later, if it got partitions in it.
            if (event.kind() == StoryKind.STARTED && !facts.isTold(event)
                    && (event.atMs() <= round.startMs() || effects.assigned().containsKey(event.pod()))) {
                pods.add(event.pod());
                facts.tell(event);
            }
        }
        String who = pods.size() > Words.MAX_NAMED_PODS ? pods.size() + " more members" : String.join(", ", pods);
        return pods.isEmpty() ? "" : who + " started too and joined the same generation";
    }

    private static String verb(RebalanceTrigger trigger) {
        return switch (trigger) {
            case MEMBER_JOINED -> "joined";
            case MEMBER_LEFT -> "left";
            case SESSION_TIMEOUT -> "removed (session timeout)";
            case SYNC_TIMEOUT -> "removed (sync timeout)";
            case REBALANCE_TIMEOUT -> "fenced (rebalance timeout)";
            case MEMBER_REJOINED -> "rejoined with new metadata";
            case LEADER_REJOINED -> "rejoined (the leader)";
            case STATIC_MEMBER_REJOINED -> "rejoined (static)";
            case SUBSCRIPTION_CHANGED -> "changed subscription";
            case ASSIGNOR_CHANGED -> "changed the preferred assignor";
            case METADATA_CHANGED -> "saw new partition counts";
            case GROUP_LOADED, NONE -> "changed the group";
        };
    }
}
