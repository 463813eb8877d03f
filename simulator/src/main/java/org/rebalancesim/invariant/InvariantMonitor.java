package org.rebalancesim.invariant;

import java.util.function.Predicate;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.consumer.ConsumerGroupState;
import org.rebalancesim.coordinator.streams.StreamsGroupState;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.CoordinatorMoved;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.Fetched;
import org.rebalancesim.events.PodEvents.LeaderAssigned;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsLost;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/**
 * Checks the {@link Invariant}s while a variant runs. It hears the run's group events right after the
 * recorder, the engine's timer audit, and the run's lag samples; it reads the model, never changes it,
 * and stops the run with an {@link InvariantViolation} at the first broken invariant. The checks that
 * hold for every protocol read the events only; a protocol's own rule names that protocol's states.
 */
public final class InvariantMonitor implements GroupListener, Simulation.TimerAudit {

    private final Simulation sim;
    private final Checks checks;
    private final Violations violations;
    private final OwnershipCheck ownership;
    private final EpochCheck epochs;
    private final StableAssignmentCheck stable;
    private final StreamsStableCheck streamsStable;
    private final ConservationCheck conservation;

    /** @param trackedTopic whether the group consumes a topic (its records count as lag) */
    public InvariantMonitor(Simulation sim, Checks checks, Production production, ProcessingLedger ledger,
                            Predicate<String> trackedTopic) {
        this.sim = sim;
        this.checks = checks;
        this.violations = new Violations(sim);
        this.ownership = new OwnershipCheck(violations);
        this.epochs = new EpochCheck(violations);
        this.stable = new StableAssignmentCheck(violations, production);
        this.streamsStable = new StreamsStableCheck(violations);
        this.conservation = new ConservationCheck(violations, production, ledger, trackedTopic);
    }

    /** Starts watching the cluster the run built (its coordinators and offsets) and the engine's timers. */
    public void watch(KafkaCluster cluster) {
        stable.watch(cluster);
        streamsStable.watch(cluster);
        conservation.watch(cluster);
        sim.auditTimers(this);
    }

    /** The run sampled the lag: records must add up there (unless only the cheap checks run). */
    public void lagSampled() {
        if (checks.expensive()) {
            conservation.check("lag sample");
        }
    }

    /** The run reached its duration: records must add up. */
    public void runEnded() {
        conservation.check("end of the run");
    }

    @Override
    public void ownerGone(String owner) {
        violations.fail(Invariant.TIMER_OWNER, owner + " fired", "its owner is gone (a dead process or a "
                + "removed member): the timer should have been cancelled with it");
    }

    // ---- the pods ------------------------------------------------------------------------------

    @Override
    public void podStateChanged(PodStateChanged event) {
        if (event.state() == MemberState.DOWN) {
            ownership.down(event.pod());
            epochs.processEnded(event.pod());
        }
    }

    @Override
    public void memberIdAssigned(MemberIdAssigned event) {
        ownership.memberIdAssigned(event.pod(), event.memberId());
    }

    @Override
    public void podRebalanceCompleted(PodRebalanceCompleted event) {
        epochs.memberCompleted(event.pod(), event.generation());
        ownership.completed(event.pod(), event.generation());
    }

    @Override
    public void partitionsAssigned(PartitionsAssigned event) {
        ownership.assigned(event.pod(), event.partitions());
    }

    @Override
    public void partitionsRevoked(PartitionsRevoked event) {
        ownership.released(event.pod(), event.partitions());
    }

    @Override
    public void partitionsLost(PartitionsLost event) {
        ownership.released(event.pod(), event.partitions());
    }

    @Override
    public void leaderAssigned(LeaderAssigned event) {
        stable.leaderAssigned(event.generation(), event.partitionCounts());
    }

    @Override
    public void fetched(Fetched event) {
        ownership.fetched(event.pod(), event.ranges());
    }

    // ---- the group -----------------------------------------------------------------------------

    @Override
    public void groupStateChanged(GroupStateChanged event) {
        epochs.stateChanged(event.from(), event.to(), event.epoch());
        if (event.to() == ClassicGroupState.COMPLETING_REBALANCE) {
            stable.joinCompleted();
        } else if (event.to() == ConsumerGroupState.STABLE) {
            stable.consumerGroupStable(event.epoch());
        } else if (event.to() == StreamsGroupState.STABLE) {
            streamsStable.streamsGroupStable(event.epoch());
        }
    }

    @Override
    public void groupEpochBumped(GroupEpochBumped event) {
        epochs.groupEpochBumped(event.epoch());
    }

    @Override
    public void assignmentComputed(AssignmentComputed event) {
        epochs.assignmentComputed(event.epoch(), event.kind());
        if (event.kind() == AssignmentComputed.Kind.GENERATION) {
            ownership.generationStable(event.epoch(), event.assignment());
            stable.classicStable(event.epoch(), event.assignment());
        }
    }

    @Override
    public void rebalanceCompleted(RebalanceCompleted event) {
        epochs.rebalanceCompleted(event.epoch());
    }

    @Override
    public void groupConverted(org.rebalancesim.events.CoordinatorEvents.GroupConverted event) {
        epochs.groupConverted(event.emptyGroup());
        if (event.emptyGroup()) {
            ownership.groupRecreated();
        }
    }

    @Override
    public void coordinatorMoved(CoordinatorMoved event) {
        epochs.coordinatorMoved(event.broker(), event.epoch());
    }
}
