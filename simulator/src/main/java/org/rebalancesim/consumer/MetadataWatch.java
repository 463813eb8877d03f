package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.coordinator.Messages.JoinedMember;
import org.rebalancesim.events.PodEvents.LeaderAssigned;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.partition.TopicPartition;

/**
 * A classic member's metadata and what the group client does with it (ConsumerCoordinator,
 * docs/kafka-semantics.md §16): every member refreshes its own metadata; the leader assigns from that
 * cached metadata and keeps a snapshot of it over the group's topics ({@code assignmentSnapshot}); at every
 * poll() and at join completion it compares the snapshot with its metadata now and rejoins when they
 * differ (rejoinNeededOrPending, "cached metadata has changed"). A follower keeps no snapshot
 * (onJoinComplete), so its own refreshes never start a rebalance.
 */
final class MetadataWatch {

    private final ClassicMember member;
    private final ClientMetadata metadata;
    /** The topics of the group's subscriptions at the last assignment this member made. */
    private SortedSet<String> groupTopics = new TreeSet<>();
    /** The leader's metadata over the group's topics when it assigned; null when it does not watch. */
    private SortedMap<String, Integer> assignmentSnapshot;  // replaced, never changed: events share it
    private boolean ledThisRound;

    MetadataWatch(ClassicMember member) {
        this.member = member;
        this.metadata = new ClientMetadata(member, this::refreshed);
    }

    void start() {
        metadata.start();
    }

    void stop() {
        metadata.stop();
    }

    /** A dropped connection asks for new metadata (NetworkClient's handleServerDisconnect). */
    void connectionDropped() {
        metadata.requestUpdate();
    }

    /** A fetch answered UNKNOWN_TOPIC_ID asks for new metadata (FetchCollector#handleInitializeErrors). */
    void fetchFailed() {
        metadata.requestUpdate();
    }

    /** subscribe() with a changed subscription asks for new metadata (requestUpdateForNewTopics). */
    void subscriptionChanged() {
        metadata.requestUpdate();
    }

    /**
     * performAssignment: the leader's metadata must cover the topics of every member's subscription (a
     * topic beyond its own asks for an update, updateGroupSubscription); it assigns from that metadata and
     * watches it from now on (with KIP-814's skipAssignment too).
     *
     * @return the partition counts the leader assigns from
     */
    Map<String, Integer> leaderElected(List<String> ownSubscription, List<JoinedMember> members) {
        ledThisRound = true;
        SortedSet<String> topics = new TreeSet<>(ownSubscription);
        members.forEach(joined -> topics.addAll(joined.metadata().topics()));
        if (!Set.copyOf(ownSubscription).containsAll(topics)) {
            metadata.requestUpdate();
        }
        groupTopics = topics;
        assignmentSnapshot = snapshot();
        member.ctx.events().publish(new LeaderAssigned(member.pod, member.generation, assignmentSnapshot));
        return metadata.counts();
    }

    void followerJoined() {
        ledThisRound = false;
    }

    /**
     * onJoinComplete: a follower stops watching; partitions its metadata does not know yet make the fetcher
     * ask for an update (no known leader). Then joinGroupIfNeeded checks rejoinNeededOrPending again.
     *
     * @return whether the leader must rejoin at once: its metadata changed since it assigned
     */
    boolean joinCompleted(List<TopicPartition> assigned) {
        if (!ledThisRound) {
            assignmentSnapshot = null;
        }
        if (!metadata.knowsAll(assigned)) {
            metadata.requestUpdate();
        }
        return changedSinceAssignment();
    }

    /** rejoinNeededOrPending's metadata part, checked by poll() and at join completion. */
    boolean changedSinceAssignment() {
        boolean changed = assignmentSnapshot != null && !assignmentSnapshot.equals(snapshot());
        if (changed) {
            member.ctx.events().publish(new Story(member.pod, StoryKind.METADATA_REFRESH, -1,
                    "leader's cached metadata has changed since it assigned (" + changes() + "): rejoins"));
        }
        return changed;
    }

    /** The metadata as the last refresh saw it: every topic of the cluster, with its partition count. */
    ClientMetadata metadata() {
        return metadata;
    }

    /**
     * A refresh brought new counts: a watching leader's poll() will see them (its poll returns), and so will a
     * member that subscribes by pattern, which matches it against them.
     */
    private void refreshed() {
        if (assignmentSnapshot != null || member.patterns != null) {
            member.pollLoop.wake();
        }
    }

    private SortedMap<String, Integer> snapshot() {
        SortedMap<String, Integer> counts = new TreeMap<>();
        for (String topic : groupTopics) {
            Integer count = metadata.counts().get(topic);
            if (count != null) {
                counts.put(topic, count);
            }
        }
        return Collections.unmodifiableSortedMap(counts);
    }

    /** "events 100 → 1000 partitions". */
    private String changes() {
        List<String> parts = new ArrayList<>();
        snapshot().forEach((topic, count) -> {
            Integer before = assignmentSnapshot.get(topic);
            if (!count.equals(before)) {
                parts.add(topic + " " + (before == null ? "new" : before) + " → " + count + " partitions");
            }
        });
        return parts.isEmpty() ? "a topic is gone" : String.join(", ", parts);
    }
}
