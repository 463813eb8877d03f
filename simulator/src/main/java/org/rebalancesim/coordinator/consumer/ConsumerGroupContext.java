package org.rebalancesim.coordinator.consumer;

import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.rebalancesim.coordinator.Outbox;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/**
 * What the parts of one consumer group coordinator share: the clock, the settings, the group, its timers,
 * the outbox, the cluster metadata and the target assignment step. Also the one way a member leaves the
 * group (leave, session expiry, rebalance timeout).
 */
final class ConsumerGroupContext {

    final Simulation sim;
    final ConsumerGroupSettings settings;
    final ConsumerGroup group;
    final Outbox outbox;
    final GroupEvents events;
    final TargetAssignmentStep targets;
    /** The members' regular expressions and what they resolved to. */
    final RegexSubscriptions regexes;
    private final Supplier<Map<String, Integer>> partitionCounts;
    private MemberTimers timers;
    /**
     * Asked before a member is removed: true when the removal converts the group to a classic group instead
     * (consumerGroupFenceMembers → validateOnlineDowngradeWithFencedMembers, docs/kafka-semantics.md §21).
     */
    private BiPredicate<ConsumerGroupMember, RemovalReason> downgrade = (member, reason) -> false;
    private Predicate<String> usesClassicProtocol = memberId -> false;

    ConsumerGroupContext(Simulation sim, String groupId, ConsumerGroupSettings settings,
                         Supplier<Map<String, Integer>> partitionCounts, GroupEvents events) {
        this.sim = sim;
        this.settings = settings;
        this.partitionCounts = partitionCounts;
        this.events = events;
        this.group = new ConsumerGroup(groupId, events);
        this.outbox = new Outbox();
        this.targets = new TargetAssignmentStep(sim, settings, partitionCounts);
        this.regexes = new RegexSubscriptions(settings.regexRefreshIntervalMs());
    }

    void useTimers(MemberTimers memberTimers) {
        this.timers = memberTimers;
    }

    MemberTimers timers() {
        return timers;
    }

    /**
     * A member that subscribes with a regex subscribes to the topics it resolved to (none before its first
     * resolution): the model keeps them as the member's topics, where Kafka adds them to the group's.
     */
    ConsumerGroupMember withResolvedRegex(ConsumerGroupMember member) {
        String regex = regexes.regexOf(member.memberId());
        if (regex == null) {
            return member;
        }
        SortedSet<String> topics = regexes.resolvedTopics(regex);
        return member.withRequestFields(-1, topics == null ? Set.of() : topics, null);
    }

    /**
     * maybeUpdateRegularExpressions at the end of a heartbeat: when a refresh is due, it runs on the coordinator's
     * executor and its result is written right after this heartbeat (handleRegularExpressionsResult): members whose
     * regex resolved to other topics get them, and the group epoch goes up when the subscribed topics' metadata
     * changed; the new target waits for the next heartbeat, as after any bump.
     */
    void maybeRefreshRegexes(long nowMs, boolean newRegex) {
        if (!regexes.refreshDue(nowMs, newRegex)) {
            return;
        }
        regexes.startRefresh();
        sim.after(0, () -> {
            SortedSet<String> changed = regexes.resolve(topicsNow(), sim.nowMs());
            if (group.isDead()) {
                return;
            }
            for (String regex : changed) {
                for (String memberId : regexes.membersOf(regex)) {
                    ConsumerGroupMember member = group.member(memberId);
                    if (member != null) {
                        group.put(withResolvedRegex(member));
                    }
                }
            }
            SortedMap<String, Integer> metadata = subscriptionMetadataNow();
            if (!changed.isEmpty() && !metadata.equals(group.subscriptionMetadata())) {
                group.setSubscriptionMetadata(metadata);
                group.bumpGroupEpoch(Cause.of(RebalanceTrigger.METADATA_CHANGED, null, "regular expressions "
                        + changed + " resolved to " + changed.stream().map(regexes::resolvedTopics).toList()
                        + " at the coordinator's refresh"));
                group.refreshState("regular expressions resolved");
            }
        });
    }

    /** The topics of the metadata image now. */
    Set<String> topicsNow() {
        return partitionCounts.get().keySet();
    }

    void convertOnRemoval(BiPredicate<ConsumerGroupMember, RemovalReason> conversion) {
        this.downgrade = conversion;
    }

    /** Tells which members speak the classic protocol, once the group serves classic members (§21). */
    void knowClassicMembers(Predicate<String> classic) {
        this.usesClassicProtocol = classic;
    }

    /** ConsumerGroupMember.useClassicProtocol: a classic member inside the consumer group. */
    boolean usesClassicProtocol(String memberId) {
        return usesClassicProtocol.test(memberId);
    }

    /** The topics that exist in the metadata now. */
    boolean topicExists(String topic) {
        return partitionCounts.get().containsKey(topic);
    }

    /** Partition counts of the topics the members subscribe to, as the metadata has them now. */
    SortedMap<String, Integer> subscriptionMetadataNow() {
        Map<String, Integer> counts = partitionCounts.get();
        SortedMap<String, Integer> metadata = new TreeMap<>();
        for (String topic : group.subscribedTopicNames()) {
            Integer count = counts.get(topic);
            if (count != null) {
                metadata.put(topic, count);
            }
        }
        return metadata;
    }

    /** The member's subscribed topics that exist in the metadata (Kafka's TopicIds over the image). */
    SortedSet<String> existingTopics(ConsumerGroupMember member) {
        SortedSet<String> topics = new TreeSet<>();
        for (String topic : member.subscribedTopics()) {
            if (topicExists(topic)) {
                topics.add(topic);
            }
        }
        return topics;
    }

    /**
     * Removes a member (GMM consumerGroupFenceMembers): its partitions and target are freed, its timers
     * cancelled, the group epoch goes up with the subscription metadata recomputed without it, and a group
     * left empty has its (empty) target current at the new epoch.
     *
     * @param reason LEAVE, SESSION_TIMEOUT or REBALANCE_TIMEOUT
     */
    void fence(ConsumerGroupMember member, RemovalReason reason) {
        if (downgrade.test(member, reason)) {
            return;
        }
        group.remove(member.memberId());
        regexes.remove(member.memberId());
        timers.cancel(member.memberId());
        events.publish(MemberRemoved.of(member.memberId(), member.instanceId(), reason));
        group.setSubscriptionMetadata(subscriptionMetadataNow());
        group.bumpGroupEpoch(Cause.of(triggerOf(reason), member.memberId(),
                "member " + member.memberId() + " removed (" + reason + ")"));
        if (group.size() == 0) {
            group.resetTargetOfEmptyGroup();
        }
        group.refreshState("member " + member.memberId() + " removed (" + reason + ")");
    }

    private static RebalanceTrigger triggerOf(RemovalReason fenceReason) {
        return switch (fenceReason) {
            case LEAVE -> RebalanceTrigger.MEMBER_LEFT;
            case SESSION_TIMEOUT -> RebalanceTrigger.SESSION_TIMEOUT;
            case REBALANCE_TIMEOUT -> RebalanceTrigger.REBALANCE_TIMEOUT;
            default -> throw new IllegalArgumentException("unknown reason to fence a member: " + fenceReason);
        };
    }
}
