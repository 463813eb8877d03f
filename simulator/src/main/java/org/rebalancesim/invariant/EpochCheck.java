package org.rebalancesim.invariant;

import java.util.HashMap;
import java.util.Map;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.GroupState;

/**
 * Generations and epochs never go back (monotonic-epochs). A classic rebalance in flight is not persisted,
 * so a new coordinator may load a generation below the one the old coordinator had reached; what must
 * hold is that it loads at least the last persisted one (Stable or Empty), that generations never go
 * back within one coordinator, and that rebalances complete at strictly increasing generations (classic:
 * Stable) or epochs (consumer protocol: every member reached the target) over the whole run.
 */
final class EpochCheck {

    private final Violations violations;
    /** The classic group's generation, as its last state change or load said. */
    private int classicGeneration;
    private int persistedGeneration;
    /** The group epoch of an epoch-based group (consumer protocol), as its last state change or bump said. */
    private int groupEpoch;
    private int targetEpoch;
    private int completedEpoch = -1;
    /** Per pod, the generation of its current process's last completed rebalance. */
    private final Map<String, Integer> processGeneration = new HashMap<>();

    EpochCheck(Violations violations) {
        this.violations = violations;
    }

    /**
     * Generations and epochs are followed apart: a consumer-protocol run also holds an idle classic
     * coordinator (generation 0) that is unloaded and loaded at failovers like the consumer group.
     */
    void stateChanged(GroupState from, GroupState to, int epoch) {
        String event = "group " + from.name() + " → " + to.name() + " in " + to.epochName() + " " + epoch;
        if (to instanceof ClassicGroupState) {
            requireNotBelow(epoch, classicGeneration, event, "the group's generation");
            classicGeneration = epoch;
            if (to == ClassicGroupState.EMPTY) {
                persistedGeneration = Math.max(persistedGeneration, epoch);
            }
        } else {
            requireNotBelow(epoch, groupEpoch, event, "the group epoch");
            groupEpoch = epoch;
        }
    }

    /**
     * The classic group was loaded from its persisted record. (A consumer group keeps its epochs over a
     * failover: it reports its load as a state change, which the rule above covers.)
     */
    void coordinatorMoved(int broker, int loadedGeneration) {
        requireNotBelow(loadedGeneration, persistedGeneration, "group loaded on broker-" + broker
                + " at generation " + loadedGeneration, "the last persisted generation");
        classicGeneration = loadedGeneration;
    }

    /**
     * The group changed type (docs/kafka-semantics.md §21): a new group of the other type took the group id, whose
     * epochs start afresh (an empty group is deleted and created again; an online conversion starts the consumer
     * group at the classic generation, which its first bump then follows). The new group has no epoch yet: an
     * online conversion of a classic group still at generation 0 (its first rebalance not yet done) takes epoch 0.
     * After an empty group's conversion a process of the old group joins the new one at the new group's
     * generations (a static member back from a network cut after the group emptied and changed type), so the
     * processes' last generations are forgotten; an online conversion goes on from the old group's.
     */
    void groupConverted(boolean emptyGroup) {
        if (emptyGroup) {
            processGeneration.clear();
        }
        classicGeneration = 0;
        persistedGeneration = 0;
        groupEpoch = -1;
        targetEpoch = 0;
        completedEpoch = -1;
    }

    void groupEpochBumped(int epoch) {
        if (epoch <= groupEpoch) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, "group epoch bumped to " + epoch,
                    "the group epoch was already " + groupEpoch);
        }
        groupEpoch = epoch;
    }

    /**
     * A generation's assignment (classic) is persisted with it; a target (consumer protocol) is computed for
     * an epoch the group has reached, never below the previous target's.
     */
    void assignmentComputed(int epoch, AssignmentComputed.Kind kind) {
        if (kind == AssignmentComputed.Kind.GENERATION) {
            persistedGeneration = Math.max(persistedGeneration, epoch);
            return;
        }
        String event = "target assignment computed for epoch " + epoch;
        requireNotBelow(epoch, targetEpoch, event, "the previous target's epoch");
        if (epoch > groupEpoch) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, event, "the group epoch is only " + groupEpoch);
        }
        targetEpoch = epoch;
    }

    /** Each rebalance completes at a later epoch than the one before (classic: reaches Stable). */
    void rebalanceCompleted(int epoch) {
        if (epoch <= completedEpoch) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, "the rebalance of epoch " + epoch + " completed",
                    "epoch " + completedEpoch + " had already completed");
        }
        completedEpoch = epoch;
    }

    void memberCompleted(String pod, int generation) {
        Integer previous = processGeneration.put(pod, generation);
        if (previous != null) {
            requireNotBelow(generation, previous, pod + " completed generation " + generation,
                    "the generation " + pod + " had completed before");
        }
    }

    void processEnded(String pod) {
        processGeneration.remove(pod);
    }

    private void requireNotBelow(int value, int floor, String event, String what) {
        if (value < floor) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, event, "went back below " + what + ", " + floor);
        }
    }
}
