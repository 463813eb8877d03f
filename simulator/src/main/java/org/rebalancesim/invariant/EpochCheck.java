package org.rebalancesim.invariant;

import java.util.HashMap;
import java.util.Map;
import org.rebalancesim.coordinator.ClassicGroupState;

/**
 * Generations and epochs never go back (monotonic-epochs). A classic rebalance in flight is not persisted,
 * so a new coordinator may load a generation below the one the old coordinator had reached; what must
 * hold is that it loads at least the last persisted one (Stable or Empty), that generations never go
 * back within one coordinator, and that Stable generations strictly increase over the whole run.
 */
final class EpochCheck {

    private final Violations violations;
    private int classicGeneration;
    private int persistedGeneration;
    private int stableGeneration = -1;
    private int groupEpoch;
    private int targetEpoch;
    private int reachedEpoch;
    /** Per pod, the generation of its current process's last completed rebalance. */
    private final Map<String, Integer> processGeneration = new HashMap<>();

    EpochCheck(Violations violations) {
        this.violations = violations;
    }

    void classicStateChanged(ClassicGroupState from, ClassicGroupState to, int generation) {
        String event = "group " + from + " → " + to + " in generation " + generation;
        requireNotBelow(generation, classicGeneration, event, "the group's generation");
        classicGeneration = generation;
        if (to == ClassicGroupState.EMPTY) {
            persistedGeneration = Math.max(persistedGeneration, generation);
        }
    }

    void coordinatorMoved(int broker, int loadedGeneration) {
        requireNotBelow(loadedGeneration, persistedGeneration, "group loaded on broker-" + broker
                + " at generation " + loadedGeneration, "the last persisted generation");
        classicGeneration = loadedGeneration;
    }

    void generationStable(int generation) {
        if (generation <= stableGeneration) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, "generation " + generation + " reached Stable",
                    "generation " + stableGeneration + " had already reached Stable");
        }
        stableGeneration = generation;
        persistedGeneration = Math.max(persistedGeneration, generation);
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

    void groupEpochBumped(int epoch) {
        if (epoch <= groupEpoch) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, "group epoch bumped to " + epoch,
                    "the group epoch was already " + groupEpoch);
        }
        groupEpoch = epoch;
    }

    void consumerGroupStateChanged(int epoch, String event) {
        requireNotBelow(epoch, groupEpoch, event, "the group epoch");
        groupEpoch = epoch;
    }

    void targetComputed(int epoch) {
        String event = "target assignment computed for epoch " + epoch;
        requireNotBelow(epoch, targetEpoch, event, "the previous target's epoch");
        if (epoch > groupEpoch) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, event, "the group epoch is only " + groupEpoch);
        }
        targetEpoch = epoch;
    }

    void targetReached(int epoch) {
        if (epoch <= reachedEpoch) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, "every member reached epoch " + epoch,
                    "epoch " + reachedEpoch + " had already been reached");
        }
        reachedEpoch = epoch;
    }

    private void requireNotBelow(int value, int floor, String event, String what) {
        if (value < floor) {
            violations.fail(Invariant.MONOTONIC_EPOCHS, event, "went back below " + what + ", " + floor);
        }
    }
}
