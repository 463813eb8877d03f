package org.rebalancesim.timeline;

import java.util.List;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.TimelineEvent;

/**
 * Plays the random faults under {@code faults:} as the run goes: each target's next occurrence is
 * scheduled when the previous one happens (so the queue holds one pending occurrence per target,
 * not a whole run's worth), drawn by {@link FaultArrivals}.
 */
public final class RecurringFaults {

    private final Simulation sim;
    private final TimelinePlayer player;
    private final long seed;
    private final long endMs;

    public RecurringFaults(Simulation sim, TimelinePlayer player, long seed, long endMs) {
        this.sim = sim;
        this.player = player;
        this.seed = seed;
        this.endMs = endMs;
    }

    public void schedule(List<FaultSpec> faults, List<String> allPods) {
        for (FaultArrivals arrivals : FaultArrivals.of(faults, allPods, seed, sim.nowMs(), endMs)) {
            arm(arrivals);
        }
    }

    private void arm(FaultArrivals arrivals) {
        TimelineEvent next = arrivals.next();
        if (next == null) {
            return;
        }
        sim.at(next.atMs(), () -> {
            player.apply(next.operation());
            arm(arrivals);
        });
    }
}
