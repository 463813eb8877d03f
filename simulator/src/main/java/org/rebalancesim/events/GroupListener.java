package org.rebalancesim.events;

import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.CoordinatorMoved;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.CoordinatorEvents.RebalanceAbandoned;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.PodEvents.CommitFailed;
import org.rebalancesim.events.PodEvents.Fetched;
import org.rebalancesim.events.PodEvents.LeaderAssigned;
import org.rebalancesim.events.PodEvents.ListenerCalled;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsLost;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodBlocked;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodRebalanceFailed;
import org.rebalancesim.events.PodEvents.PodRebalanceStarted;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.events.PodEvents.PollTimeout;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.PodEvents.StandbyCatchUp;
import org.rebalancesim.events.PodEvents.TaskRestored;
import org.rebalancesim.events.PodEvents.TaskStateChanged;

/**
 * Hears the {@link GroupEvent}s of a run, one method per kind of event; a listener overrides the ones it
 * needs. Called synchronously at the simulated time the event happens. Listeners observe only: they never
 * change the model.
 */
public interface GroupListener {

    // ---- the coordinator -----------------------------------------------------------------------

    default void groupStateChanged(GroupStateChanged event) {
    }

    default void rebalanceStarted(RebalanceStarted event) {
    }

    default void rebalanceAbandoned(RebalanceAbandoned event) {
    }

    default void groupEpochBumped(GroupEpochBumped event) {
    }

    default void assignmentComputed(AssignmentComputed event) {
    }

    default void rebalanceCompleted(RebalanceCompleted event) {
    }

    default void memberRemoved(MemberRemoved event) {
    }

    default void coordinatorMoved(CoordinatorMoved event) {
    }

    default void groupConverted(CoordinatorEvents.GroupConverted event) {
    }

    // ---- the pods ------------------------------------------------------------------------------

    default void podStateChanged(PodStateChanged event) {
    }

    default void podBlocked(PodBlocked event) {
    }

    default void memberIdAssigned(MemberIdAssigned event) {
    }

    default void podRebalanceStarted(PodRebalanceStarted event) {
    }

    default void podRebalanceCompleted(PodRebalanceCompleted event) {
    }

    default void podRebalanceFailed(PodRebalanceFailed event) {
    }

    default void leaderAssigned(LeaderAssigned event) {
    }

    default void partitionsAssigned(PartitionsAssigned event) {
    }

    default void partitionsRevoked(PartitionsRevoked event) {
    }

    default void partitionsLost(PartitionsLost event) {
    }

    default void commitFailed(CommitFailed event) {
    }

    default void listenerCalled(ListenerCalled event) {
    }

    default void pollTimeout(PollTimeout event) {
    }

    default void story(Story event) {
    }

    default void fetched(Fetched event) {
    }

    // ---- Kafka Streams tasks -------------------------------------------------------------------

    default void workloadChanged(PodEvents.WorkloadChanged event) {
    }

    default void taskStateChanged(TaskStateChanged event) {
    }

    default void standbyCatchUp(StandbyCatchUp event) {
    }

    default void taskRestored(TaskRestored event) {
    }
}
