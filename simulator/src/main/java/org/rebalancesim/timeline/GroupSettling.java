package org.rebalancesim.timeline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.RebalanceAbandoned;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodRebalanceStarted;
import org.rebalancesim.events.PodEvents.PodStateChanged;

/**
 * Decides from the group event stream alone, the same way for every protocol, when the group is
 * settled (docs/scenario-format.md, "Timeline anchors"; docs/kafka-semantics.md §25): the coordinator
 * reported the rebalance of the latest assignment complete ({@code RebalanceCompleted}), no rebalance
 * has started since, at least one pod runs, and every running pod is a member of that assignment; for
 * a classic generation
 * ({@code AssignmentComputed.Kind.GENERATION}, where the group is Stable once the leader's assignment is
 * stored) each of them has also received its part ({@code PodRebalanceCompleted} of that generation),
 * while a consumer group's target is only complete once every member acknowledged it. A pod is running
 * from the moment it shows any state but DOWN. A classic pod is not settled while it is in a round of
 * its own (from {@code PodRebalanceStarted}) or after it revoked partitions ({@code PartitionsRevoked}:
 * a cooperative member that gave partitions up rejoins at once for the follow-up rebalance), until its
 * next {@code PodRebalanceCompleted}.
 *
 * <p>It only listens. When the group becomes settled and someone waits for it, it checks again at the
 * same instant after the event in progress (whose later steps, such as a cooperative revocation, may
 * unsettle the group at once) and then calls the waiters, who schedule what they do. Nobody waiting,
 * nothing scheduled: a run without anchors runs the same events. Nobody waiting, nothing checked
 * either: the check looks at every running pod, so it runs only while a waiter needs it, and once when
 * a waiter comes (a group of 1,000 pods changes state at nearly every event of a rolling restart).
 */
public final class GroupSettling implements GroupListener {

    /** Called the first time the group settles after it was asked for. */
    @FunctionalInterface
    public interface Waiter {
        void settled();
    }

    private final Simulation sim;
    private final Set<String> initialPods;
    /** Classic pods in a round of their own, or that revoked partitions since their last completed round. */
    private final Set<String> rejoiningPods = new TreeSet<>();
    private final Set<String> startedInitialPods = new TreeSet<>();
    private final Set<String> runningPods = new TreeSet<>();
    private final Map<String, String> podOfMemberId = new HashMap<>();
    private final Map<String, Integer> completedGenerationOfPod = new HashMap<>();
    /** The latest assignment of each epoch not yet completed: member ids and how members get it. */
    private final TreeMap<Integer, AssignmentComputed> assignments = new TreeMap<>();
    private AssignmentComputed completed;
    /** The pods of {@code completed}'s members; null until asked for after it or a member id changed. */
    private Set<String> completedPods;
    private boolean rebalanceOpen;
    private boolean settled;
    private boolean confirming;
    private final List<Waiter> waitingForStable = new ArrayList<>();
    private final List<Waiter> waitingForAny = new ArrayList<>();

    /** @param initialPods the pods of {@code consumers:}: "stable" waits until each has started */
    public GroupSettling(Simulation sim, List<String> initialPods) {
        this.sim = sim;
        this.initialPods = new TreeSet<>(initialPods);
    }

    /** Calls {@code waiter} the first time the group settles with every initial pod started. */
    public void whenStable(Waiter waiter) {
        startWatching();
        waitingForStable.add(waiter);
    }

    /** Calls {@code waiter} the next time the group becomes settled (not if it is settled now and stays so). */
    public void whenSettledAgain(Waiter waiter) {
        startWatching();
        waitingForAny.add(waiter);
    }

    /** Whether the group is settled now is known only while someone waits: a new waiter learns it first. */
    private void startWatching() {
        if (!isWatched()) {
            settled = isSettled();
        }
    }

    private boolean isWatched() {
        return !(waitingForAny.isEmpty() && waitingForStable.isEmpty());
    }

    @Override
    public void podStateChanged(PodStateChanged event) {
        if (event.state() == MemberState.DOWN) {
            runningPods.remove(event.pod());
            rejoiningPods.remove(event.pod());
        } else {
            runningPods.add(event.pod());
            if (initialPods.contains(event.pod())) {
                startedInitialPods.add(event.pod());
            }
        }
        update();
    }

    @Override
    public void memberIdAssigned(MemberIdAssigned event) {
        podOfMemberId.put(event.memberId(), event.pod());
        completedPods = null;
    }

    @Override
    public void podRebalanceStarted(PodRebalanceStarted event) {
        rejoiningPods.add(event.pod());
        update();
    }

    @Override
    public void partitionsRevoked(PartitionsRevoked event) {
        rejoiningPods.add(event.pod());
        update();
    }

    @Override
    public void podRebalanceCompleted(PodRebalanceCompleted event) {
        completedGenerationOfPod.put(event.pod(), event.generation());
        rejoiningPods.remove(event.pod());
        update();
    }

    @Override
    public void rebalanceStarted(RebalanceStarted event) {
        rebalanceOpen = true;
        update();
    }

    @Override
    public void rebalanceAbandoned(RebalanceAbandoned event) {
        // A classic group that emptied or was unloaded. Beside a consumer group an idle classic group is
        // unloaded too: that says nothing of the consumer group's rebalance.
        if (completed == null || completed.kind() == AssignmentComputed.Kind.GENERATION) {
            rebalanceOpen = false;
        }
        update();
    }

    @Override
    public void assignmentComputed(AssignmentComputed event) {
        assignments.put(event.epoch(), event);
    }

    @Override
    public void rebalanceCompleted(RebalanceCompleted event) {
        AssignmentComputed assignment = assignments.get(event.epoch());
        assignments.headMap(event.epoch(), true).clear();
        if (assignment != null) {
            completed = assignment;
            completedPods = null;
        }
        rebalanceOpen = false;
        update();
    }

    private void update() {
        if (!isWatched()) {
            return;
        }
        boolean now = isSettled();
        boolean becameSettled = now && !settled;
        settled = now;
        if (becameSettled && !confirming) {
            confirming = true;
            sim.at(sim.nowMs(), this::confirm);
        }
    }

    /** The group became settled earlier in this instant: the waiters hear of it if it still is. */
    private void confirm() {
        confirming = false;
        if (!settled) {
            return;
        }
        List<Waiter> called = new ArrayList<>(waitingForAny);
        waitingForAny.clear();
        if (startedInitialPods.size() == initialPods.size()) {
            called.addAll(waitingForStable);
            waitingForStable.clear();
        }
        called.forEach(Waiter::settled);
    }

    private boolean isSettled() {
        if (completed == null || rebalanceOpen || runningPods.isEmpty()) {
            return false;
        }
        if (completedPods == null) {
            completedPods = new HashSet<>();
            completed.assignment().keySet().forEach(id -> completedPods.add(podOfMemberId.getOrDefault(id, id)));
        }
        if (!completedPods.containsAll(runningPods)) {
            return false;
        }
        if (completed.kind() == AssignmentComputed.Kind.TARGET) {
            return true;
        }
        int generation = completed.epoch();
        return runningPods.stream().allMatch(pod -> completedGenerationOfPod.getOrDefault(pod, -1) == generation
                && !rejoiningPods.contains(pod));
    }
}
