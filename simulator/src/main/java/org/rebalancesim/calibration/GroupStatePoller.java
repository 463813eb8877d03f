package org.rebalancesim.calibration;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.apache.kafka.clients.admin.StreamsGroupMemberDescription;
import org.apache.kafka.common.GroupState;

/**
 * A consumer group's state as its coordinator tells it (Admin.describeConsumerGroups), sampled every
 * {@link #SAMPLE_WALL_MS} while a consumer-protocol variant runs. The coordinator logs each epoch bump of a
 * consumer group, but not its return to STABLE (ConsumerGroup.maybeUpdateGroupState logs nothing), and no
 * client sees that moment: a member runs its callbacks a reconciliation after the heartbeat answer that
 * completed the target, and a group whose static member is away stays RECONCILING with no client doing
 * anything. The simulator's consumer-group rebalance ends when the coordinator's group is STABLE
 * (docs/metrics.md), so the measured one is taken from here.
 *
 * <p>Each change of state becomes a "cluster" event, {@link #REBALANCING} (ASSIGNING or RECONCILING) or
 * {@link #SETTLED} (STABLE, EMPTY, DEAD), with {@code generation} the group epoch, at the middle of the
 * request's round trip: up to half a sample period and half a round trip off.
 *
 * <p>A KIP-1071 streams group (Admin.describeStreamsGroups) is sampled the same way, and its members too:
 * Kafka Streams builds the main consumer itself under that protocol, so no worker sees its member id or
 * epoch (docs/kafka-semantics.md §27). Each change of a member's epoch becomes an {@code epoch} event of its
 * pod (named by the member's client id, "&lt;pod&gt;-StreamThread-1-consumer") with the member id, as a
 * consumer-protocol worker logs its own.
 */
final class GroupStatePoller implements AutoCloseable {

    static final String REBALANCING = "groupRebalancing";
    static final String SETTLED = "groupSettled";
    /** Often enough for the 100 ms steps of a 4.4.0 client's reconciliation, cheap for the broker. */
    static final long SAMPLE_WALL_MS = 25;
    private static final long ANSWER_TIMEOUT_MS = 2_000;

    /** A sample: the group's state and epoch, and (streams groups) each member's pod, id and epoch. */
    private record Sample(GroupState state, int epoch, List<Member> members) {
    }

    private record Member(String pod, String memberId, int epoch) {
    }

    private final Admin admin;
    private final String groupId;
    private final boolean streamsGroup;
    private final EventLog log;
    private final Thread thread;
    private final Map<String, Integer> memberEpochs = new HashMap<>();
    private volatile boolean closed;

    private GroupStatePoller(Admin admin, String groupId, boolean streamsGroup, EventLog log) {
        this.admin = admin;
        this.groupId = groupId;
        this.streamsGroup = streamsGroup;
        this.log = log;
        this.thread = new Thread(this::sample, "group-state-poller");
        this.thread.setDaemon(true);
    }

    /** Starts sampling {@code groupId}, a consumer group or a streams group, into {@code log} until closed. */
    static GroupStatePoller start(Admin admin, String groupId, boolean streamsGroup, EventLog log) {
        GroupStatePoller poller = new GroupStatePoller(admin, groupId, streamsGroup, log);
        poller.thread.start();
        return poller;
    }

    private void sample() {
        Boolean lastRebalancing = null;
        try {
            while (!closed) {
                long sentMs = log.clock().nowMs();
                // Before the run's time 0 there is nothing of the group to tell yet.
                Sample group = sentMs < 0 ? null : describe();
                if (group != null) {
                    long atMs = (sentMs + log.clock().nowMs()) / 2;
                    boolean rebalancing = isRebalancing(group.state());
                    if (lastRebalancing == null || rebalancing != lastRebalancing) {
                        lastRebalancing = rebalancing;
                        log.add(new MeasuredEvent(atMs, EventLog.CLUSTER, rebalancing ? REBALANCING : SETTLED,
                                List.of(), group.epoch(), null, -1, -1, -1, null, null));
                    }
                    group.members().forEach(member -> logEpochIfChanged(member, atMs));
                }
                Thread.sleep(SAMPLE_WALL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void logEpochIfChanged(Member member, long atMs) {
        Integer last = memberEpochs.put(member.memberId(), member.epoch());
        if (member.pod() != null && (last == null || last != member.epoch())) {
            log.add(new MeasuredEvent(atMs, member.pod(), "epoch", List.of(), member.epoch(), null, -1, -1, -1, null,
                    member.memberId()));
        }
    }

    /** The group as the coordinator describes it now, or null when it does not answer in time. */
    private Sample describe() throws InterruptedException {
        try {
            if (!streamsGroup) {
                ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(groupId)).describedGroups()
                        .get(groupId)
                        .get(ANSWER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
                return new Sample(group.groupState(), group.groupEpoch().orElse(-1), List.of());
            }
            StreamsGroupDescription streams = admin.describeStreamsGroups(List.of(groupId)).describedGroups()
                    .get(groupId)
                    .get(ANSWER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            return new Sample(streams.groupState(), streams.groupEpoch(),
                    streams.members().stream().map(GroupStatePoller::member).toList());
        } catch (ExecutionException | TimeoutException e) {
            // A group not created yet, or a slow answer: the next sample tells.
            return null;
        }
    }

    /** A streams group's member; its pod is its client id less the stream thread's suffix (null if not one). */
    private static Member member(StreamsGroupMemberDescription member) {
        String clientId = member.clientId();
        String suffix = CoordinatorLog.STREAM_THREAD_CLIENT_SUFFIX;
        String pod = clientId.endsWith(suffix) ? clientId.substring(0, clientId.length() - suffix.length()) : null;
        return new Member(pod, member.memberId(), member.memberEpoch());
    }

    static boolean isRebalancing(GroupState state) {
        return state == GroupState.ASSIGNING || state == GroupState.RECONCILING;
    }

    @Override
    public void close() {
        closed = true;
        try {
            thread.join(ANSWER_TIMEOUT_MS + SAMPLE_WALL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
