package org.rebalancesim.cluster;

import java.util.function.Consumer;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.Distribution;

/**
 * The network path between one pod and the brokers. Each message draws its one-way latency from the
 * pod's own random stream. While the link is cut (a network partition) every message sent or
 * arriving is lost; the sender learns of it only through its own request timeout.
 */
public final class Link {

    private final Simulation sim;
    private final Distribution latency;
    private final RandomGenerator random;
    private long cutUntilMs = -1;

    Link(Simulation sim, Distribution latency, RandomGenerator random) {
        this.sim = sim;
        this.latency = latency;
        this.random = random;
    }

    public boolean isCut() {
        return sim.nowMs() < cutUntilMs;
    }

    /** Cuts the link from now for {@code durationMs} (overlapping cuts extend each other). */
    public void cutFor(long durationMs) {
        cutUntilMs = Math.max(cutUntilMs, sim.nowMs() + durationMs);
    }

    public long cutUntilMs() {
        return cutUntilMs;
    }

    /** Delivers {@code message} after one one-way latency, unless the link is cut at either end. */
    public <T> void deliver(T message, Consumer<T> receiver) {
        if (isCut()) {
            return;
        }
        sim.after(oneWayMs(), () -> {
            if (!isCut()) {
                receiver.accept(message);
            }
        });
    }

    private long oneWayMs() {
        return latency.sampleMs(random);
    }
}
