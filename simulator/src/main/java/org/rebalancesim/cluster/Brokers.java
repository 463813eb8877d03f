package org.rebalancesim.cluster;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.rebalancesim.engine.Simulation;

/**
 * The brokers and the leadership of the group's {@code __consumer_offsets} partition. When the leader
 * fails, the controller notices after {@code broker.session.timeout.ms} and elects the next live
 * replica; until then the group has no coordinator. A broker that comes back does not take the
 * leadership back at once (Kafka's preferred-leader election runs every 5 minutes; not modelled).
 */
public final class Brokers {

    private final Simulation sim;
    private final boolean[] up;
    private final int[] replicas;
    private final long failureDetectionMs;
    private final IntConsumer onNewLeader;
    private final Runnable onLeaderLost;
    private int leader;

    /**
     * @param onNewLeader  called with the broker id when a new leader of the offsets partition is elected
     * @param onLeaderLost called when the leader fails
     */
    public Brokers(Simulation sim, int brokers, int offsetsPartition, long failureDetectionMs,
                   IntConsumer onNewLeader, Runnable onLeaderLost) {
        this.sim = sim;
        this.up = new boolean[brokers];
        Arrays.fill(up, true);
        this.replicas = CoordinatorLocator.replicasOf(offsetsPartition, brokers);
        this.failureDetectionMs = failureDetectionMs;
        this.onNewLeader = onNewLeader;
        this.onLeaderLost = onLeaderLost;
        this.leader = replicas[0];
    }

    /** The broker leading the group's offsets partition, or -1 while none is elected. */
    public int coordinatorBroker() {
        return leader;
    }

    public boolean isUp(int broker) {
        return up[broker];
    }

    public int count() {
        return up.length;
    }

    /** The broker dies now and comes back after {@code downtimeMs}. */
    public void fail(int broker, long downtimeMs) {
        if (!up[broker]) {
            return;
        }
        up[broker] = false;
        if (broker == leader) {
            leader = -1;
            onLeaderLost.run();
            sim.after(failureDetectionMs, this::electLeader);
        }
        sim.after(downtimeMs, () -> recover(broker));
    }

    private void recover(int broker) {
        up[broker] = true;
        if (leader < 0) {
            electLeader();
        }
    }

    private void electLeader() {
        if (leader >= 0) {
            return;
        }
        for (int replica : replicas) {
            if (up[replica]) {
                leader = replica;
                onNewLeader.accept(replica);
                return;
            }
        }
    }
}
