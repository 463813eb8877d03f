package org.rebalancesim.invariant;

import java.util.List;
import java.util.Map;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.consumer.PodObserver;
import org.rebalancesim.coordinator.Cause;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.GroupListener;
import org.rebalancesim.coordinator.RemovalReason;
import org.rebalancesim.coordinator.consumer.ConsumerGroupListener;
import org.rebalancesim.metrics.MemberState;
import org.rebalancesim.metrics.StoryKind;

/**
 * Hands everything the pods and the coordinators report to two listeners in turn (the run's recorder,
 * then its invariant monitor), so that the checks hear exactly what the metrics hear without the model
 * knowing of either. Every method of the three interfaces is forwarded, defaults included
 * (ListenerFanoutTest keeps it so when an interface grows).
 */
public final class ListenerFanout implements PodObserver, GroupListener, ConsumerGroupListener {

    private final PodObserver firstPods;
    private final GroupListener firstGroup;
    private final ConsumerGroupListener firstConsumerGroup;
    private final InvariantMonitor second;

    public <T extends PodObserver & GroupListener & ConsumerGroupListener> ListenerFanout(T first,
                                                                                        InvariantMonitor second) {
        this.firstPods = first;
        this.firstGroup = first;
        this.firstConsumerGroup = first;
        this.second = second;
    }

    @Override
    public void stateChanged(String pod, MemberState state) {
        firstPods.stateChanged(pod, state);
        second.stateChanged(pod, state);
    }

    @Override
    public void blocked(String pod, boolean blocked) {
        firstPods.blocked(pod, blocked);
        second.blocked(pod, blocked);
    }

    @Override
    public void memberIdAssigned(String pod, String memberId) {
        firstPods.memberIdAssigned(pod, memberId);
        second.memberIdAssigned(pod, memberId);
    }

    @Override
    public void rebalanceStarted(String pod) {
        firstPods.rebalanceStarted(pod);
        second.rebalanceStarted(pod);
    }

    @Override
    public void rebalanceCompleted(String pod, int generation) {
        firstPods.rebalanceCompleted(pod, generation);
        second.rebalanceCompleted(pod, generation);
    }

    @Override
    public void rebalanceFailed(String pod) {
        firstPods.rebalanceFailed(pod);
        second.rebalanceFailed(pod);
    }

    @Override
    public void partitionsAssigned(String pod, List<TopicPartition> partitions, long callbackMs) {
        firstPods.partitionsAssigned(pod, partitions, callbackMs);
        second.partitionsAssigned(pod, partitions, callbackMs);
    }

    @Override
    public void partitionsRevoked(String pod, List<TopicPartition> partitions, long callbackMs) {
        firstPods.partitionsRevoked(pod, partitions, callbackMs);
        second.partitionsRevoked(pod, partitions, callbackMs);
    }

    @Override
    public void partitionsLost(String pod, List<TopicPartition> partitions) {
        firstPods.partitionsLost(pod, partitions);
        second.partitionsLost(pod, partitions);
    }

    @Override
    public void pollTimeout(String pod) {
        firstPods.pollTimeout(pod);
        second.pollTimeout(pod);
    }

    @Override
    public void story(String pod, StoryKind kind, long durationMs, String what) {
        firstPods.story(pod, kind, durationMs, what);
        second.story(pod, kind, durationMs, what);
    }

    @Override
    public void story(String pod, String what) {
        firstPods.story(pod, what);
        second.story(pod, what);
    }

    @Override
    public void fetched(String pod, TopicPartition tp, long fromOffset, long toOffset) {
        firstPods.fetched(pod, tp, fromOffset, toOffset);
        second.fetched(pod, tp, fromOffset, toOffset);
    }

    @Override
    public void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, Cause cause) {
        firstGroup.stateChanged(from, to, generationId, cause);
        second.stateChanged(from, to, generationId, cause);
    }

    @Override
    public void memberRemoved(String memberId, String groupInstanceId, RemovalReason reason) {
        firstGroup.memberRemoved(memberId, groupInstanceId, reason);
        second.memberRemoved(memberId, groupInstanceId, reason);
    }

    @Override
    public void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment) {
        firstGroup.generationStable(generationId, leaderId, assignment);
        second.generationStable(generationId, leaderId, assignment);
    }

    @Override
    public void coordinatorMoved(int broker, ClassicGroupState loadedState, int generationId) {
        firstGroup.coordinatorMoved(broker, loadedState, generationId);
        second.coordinatorMoved(broker, loadedState, generationId);
    }

    @Override
    public void stateChanged(State from, State to, int groupEpoch, String reason) {
        firstConsumerGroup.stateChanged(from, to, groupEpoch, reason);
        second.stateChanged(from, to, groupEpoch, reason);
    }

    @Override
    public void groupEpochBumped(int groupEpoch, Cause cause) {
        firstConsumerGroup.groupEpochBumped(groupEpoch, cause);
        second.groupEpochBumped(groupEpoch, cause);
    }

    @Override
    public void targetAssignmentComputed(int epoch, Map<String, List<TopicPartition>> target) {
        firstConsumerGroup.targetAssignmentComputed(epoch, target);
        second.targetAssignmentComputed(epoch, target);
    }

    @Override
    public void targetReached(int epoch) {
        firstConsumerGroup.targetReached(epoch);
        second.targetReached(epoch);
    }

    @Override
    public void memberFenced(String memberId, String instanceId, String reason) {
        firstConsumerGroup.memberFenced(memberId, instanceId, reason);
        second.memberFenced(memberId, instanceId, reason);
    }
}
