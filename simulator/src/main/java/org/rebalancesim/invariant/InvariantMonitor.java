package org.rebalancesim.invariant;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.consumer.PodObserver;
import org.rebalancesim.coordinator.Cause;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.GroupListener;
import org.rebalancesim.coordinator.RemovalReason;
import org.rebalancesim.coordinator.consumer.ConsumerGroupListener;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.metrics.MemberState;
import org.rebalancesim.metrics.StoryKind;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/**
 * Checks the {@link Invariant}s while a variant runs. It hears what the recorder hears (the pods'
 * observer and the coordinators' listeners, through a {@link ListenerFanout}), the engine's timer audit,
 * and the run's lag samples; it reads the model, never changes it, and stops the run with an
 * {@link InvariantViolation} at the first broken invariant.
 */
public final class InvariantMonitor implements PodObserver, GroupListener, ConsumerGroupListener,
        Simulation.TimerAudit {

    private final Simulation sim;
    private final Checks checks;
    private final Violations violations;
    private final OwnershipCheck ownership;
    private final EpochCheck epochs;
    private final StableAssignmentCheck stable;
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
        this.conservation = new ConservationCheck(violations, production, ledger, trackedTopic);
    }

    /** Starts watching the cluster the run built (its coordinators and offsets) and the engine's timers. */
    public void watch(KafkaCluster cluster) {
        stable.watch(cluster);
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
    public void stateChanged(String pod, MemberState state) {
        if (state == MemberState.DOWN) {
            ownership.down(pod);
            epochs.processEnded(pod);
        }
    }

    @Override
    public void blocked(String pod, boolean blocked) {
    }

    @Override
    public void memberIdAssigned(String pod, String memberId) {
        ownership.memberIdAssigned(pod, memberId);
    }

    @Override
    public void rebalanceStarted(String pod) {
    }

    @Override
    public void rebalanceCompleted(String pod, int generation) {
        epochs.memberCompleted(pod, generation);
        ownership.completed(pod, generation);
    }

    @Override
    public void rebalanceFailed(String pod) {
    }

    @Override
    public void partitionsAssigned(String pod, List<TopicPartition> partitions, long callbackMs) {
        ownership.assigned(pod, partitions);
    }

    @Override
    public void partitionsRevoked(String pod, List<TopicPartition> partitions, long callbackMs) {
        ownership.released(pod, partitions);
    }

    @Override
    public void partitionsLost(String pod, List<TopicPartition> partitions) {
        ownership.released(pod, partitions);
    }

    @Override
    public void pollTimeout(String pod) {
    }

    @Override
    public void story(String pod, StoryKind kind, long durationMs, String what) {
    }

    @Override
    public void fetched(String pod, TopicPartition tp, long fromOffset, long toOffset) {
        ownership.fetched(pod, tp, fromOffset, toOffset);
    }

    // ---- the classic group ---------------------------------------------------------------------

    @Override
    public void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, Cause cause) {
        epochs.classicStateChanged(from, to, generationId);
        if (to == ClassicGroupState.COMPLETING_REBALANCE) {
            stable.joinCompleted();
        }
    }

    @Override
    public void memberRemoved(String memberId, String groupInstanceId, RemovalReason reason) {
    }

    @Override
    public void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment) {
        epochs.generationStable(generationId);
        ownership.generationStable(generationId, assignment);
        stable.classicStable(generationId, assignment);
    }

    @Override
    public void coordinatorMoved(int broker, ClassicGroupState loadedState, int generationId) {
        epochs.coordinatorMoved(broker, generationId);
    }

    // ---- the consumer group (KIP-848) ----------------------------------------------------------

    @Override
    public void stateChanged(State from, State to, int groupEpoch, String reason) {
        epochs.consumerGroupStateChanged(groupEpoch, "consumer group " + from + " → " + to + " at epoch " + groupEpoch);
        if (to == State.STABLE) {
            stable.consumerGroupStable(groupEpoch);
        }
    }

    @Override
    public void groupEpochBumped(int groupEpoch, Cause cause) {
        epochs.groupEpochBumped(groupEpoch);
    }

    @Override
    public void targetAssignmentComputed(int epoch, Map<String, List<TopicPartition>> target) {
        epochs.targetComputed(epoch);
    }

    @Override
    public void targetReached(int epoch) {
        epochs.targetReached(epoch);
    }

    @Override
    public void memberFenced(String memberId, String instanceId, String reason) {
    }
}
