package org.rebalancesim.calibration;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
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
 */
final class GroupStatePoller implements AutoCloseable {

    static final String REBALANCING = "groupRebalancing";
    static final String SETTLED = "groupSettled";
    /** Often enough for the 100 ms steps of a 4.4.0 client's reconciliation, cheap for the broker. */
    static final long SAMPLE_WALL_MS = 25;
    private static final long ANSWER_TIMEOUT_MS = 2_000;

    private final Admin admin;
    private final String groupId;
    private final EventLog log;
    private final Thread thread;
    private volatile boolean closed;

    private GroupStatePoller(Admin admin, String groupId, EventLog log) {
        this.admin = admin;
        this.groupId = groupId;
        this.log = log;
        this.thread = new Thread(this::sample, "group-state-poller");
        this.thread.setDaemon(true);
    }

    /** Starts sampling {@code groupId} into {@code log} until closed. */
    static GroupStatePoller start(Admin admin, String groupId, EventLog log) {
        GroupStatePoller poller = new GroupStatePoller(admin, groupId, log);
        poller.thread.start();
        return poller;
    }

    private void sample() {
        Boolean lastRebalancing = null;
        try {
            while (!closed) {
                long sentMs = log.clock().nowMs();
                // Before the run's time 0 there is nothing of the group to tell yet.
                ConsumerGroupDescription group = sentMs < 0 ? null : describe();
                if (group != null) {
                    boolean rebalancing = isRebalancing(group.groupState());
                    if (lastRebalancing == null || rebalancing != lastRebalancing) {
                        lastRebalancing = rebalancing;
                        long atMs = (sentMs + log.clock().nowMs()) / 2;
                        log.add(new MeasuredEvent(atMs, EventLog.CLUSTER, rebalancing ? REBALANCING : SETTLED,
                                List.of(), group.groupEpoch().orElse(-1), null, -1, -1, -1, null, null));
                    }
                }
                Thread.sleep(SAMPLE_WALL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The group as the coordinator describes it now, or null when it does not answer in time. */
    private ConsumerGroupDescription describe() throws InterruptedException {
        try {
            return admin.describeConsumerGroups(List.of(groupId)).describedGroups().get(groupId)
                    .get(ANSWER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // A group not created yet, or a slow answer: the next sample tells.
            return null;
        }
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
