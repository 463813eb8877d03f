package org.rebalancesim.fault;

import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.ConsumerSelector;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.Operation;

/**
 * Random faults under {@code faults:}. Each target (a pod, or the broker) has its own arrival process
 * and its own random stream named after the fault and the target, so adding a pod leaves the other
 * pods' faults unchanged.
 */
public final class RecurringFaults {

    private final Simulation sim;
    private final FaultScheduler scheduler;
    private final long seed;
    private final long endMs;

    public RecurringFaults(Simulation sim, FaultScheduler scheduler, long seed, long endMs) {
        this.sim = sim;
        this.scheduler = scheduler;
        this.seed = seed;
        this.endMs = endMs;
    }

    public void schedule(List<FaultSpec> faults, List<String> allPods) {
        for (int i = 0; i < faults.size(); i++) {
            FaultSpec fault = faults.get(i);
            if (fault.kind().equals("brokerFailure")) {
                arm(fault, null, Rng.stream(seed, "fault:" + i + ":brokerFailure"));
                continue;
            }
            List<String> targets = fault.consumers().all() ? allPods : fault.consumers().names();
            for (String pod : targets) {
                arm(fault, pod, Rng.stream(seed, "fault:" + i + ":" + fault.kind() + ":" + pod));
            }
        }
    }

    private void arm(FaultSpec fault, String pod, RandomGenerator random) {
        long at = sim.nowMs() + Math.max(1, Math.round(fault.every().sample(random)));
        if (at >= endMs) {
            return;
        }
        sim.at(at, () -> {
            long durationMs = fault.duration() == null ? -1 : Math.max(0, Math.round(fault.duration().sample(random)));
            scheduler.apply(operation(fault, pod, durationMs));
            arm(fault, pod, random);
        });
    }

    private static Operation operation(FaultSpec fault, String pod, long durationMs) {
        ConsumerSelector target = pod == null ? ConsumerSelector.allPods() : ConsumerSelector.of(List.of(pod));
        return switch (fault.kind()) {
            case "gcPause" -> new Operation.GcPause(target, durationMs);
            case "slowRecord" -> new Operation.SlowRecord(target, null, durationMs);
            case "networkPartition" -> new Operation.NetworkPartition(target, durationMs);
            case "crash" -> new Operation.Crash(target, durationMs);
            case "brokerFailure" -> new Operation.BrokerFailure(fault.broker(), durationMs);
            default -> throw new IllegalArgumentException("unknown fault kind " + fault.kind());
        };
    }
}
