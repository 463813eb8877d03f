package org.rebalancesim.coordinator;

import java.util.function.Supplier;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.GroupState;

/**
 * The state of a group whose state is derived from its members and epochs (KIP-848 consumer groups, KIP-1071
 * streams groups: maybeUpdateGroupState), as the group's events tell it: a change is published with the group
 * epoch, and the first time the group is stable at a new assignment epoch its rebalance is completed. DEAD
 * while the coordinator has the group unloaded.
 *
 * @param <S> the protocol's state enum
 */
public final class DerivedGroupState<S extends GroupState> {

    private final GroupEvents events;
    private final S stable;
    private final S deadState;
    private S state;
    private int targetReachedEpoch;
    private boolean dead;

    /** @param targetReachedEpoch the assignment epoch a new group already counts as reached */
    public DerivedGroupState(GroupEvents events, S initial, S stable, S deadState, int targetReachedEpoch) {
        this.events = events;
        this.state = initial;
        this.stable = stable;
        this.deadState = deadState;
        this.targetReachedEpoch = targetReachedEpoch;
    }

    public S state() {
        return state;
    }

    public boolean isDead() {
        return dead;
    }

    /**
     * Derives the state again (nothing while unloaded); reports a change, and the first time the group reaches a
     * target epoch.
     */
    public void refresh(Supplier<S> derived, int groupEpoch, int assignmentEpoch, String reason) {
        if (dead) {
            return;
        }
        moveTo(derived.get(), groupEpoch, reason);
        if (state == stable && assignmentEpoch > targetReachedEpoch) {
            targetReachedEpoch = assignmentEpoch;
            events.publish(new RebalanceCompleted(assignmentEpoch));
        }
    }

    /** The group counts {@code epoch} as reached already (a classic group completed it before converting). */
    public void reached(int epoch) {
        targetReachedEpoch = Math.max(targetReachedEpoch, epoch);
    }

    public void unload(int groupEpoch) {
        moveTo(deadState, groupEpoch, "coordinator unloaded");
        dead = true;
    }

    /** Loaded again: the caller refreshes the state. */
    public void load() {
        dead = false;
    }

    private void moveTo(S to, int groupEpoch, String reason) {
        if (to != state) {
            S from = state;
            state = to;
            events.publish(new GroupStateChanged(from, to, groupEpoch, Cause.progress(reason)));
        }
    }
}
