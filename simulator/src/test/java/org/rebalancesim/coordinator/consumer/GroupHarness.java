package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;
import org.rebalancesim.engine.Simulation;

/**
 * One consumer group coordinator in a simulation, and helpers that play the clients' requests. Responses
 * are delivered synchronously (the coordinator adds no latency), so each helper returns the response.
 */
final class GroupHarness {

    static final String GROUP = "g";
    static final String TOPIC = "t";
    /** The clients' max.poll.interval.ms (the member's rebalance timeout). */
    static final long REBALANCE_TIMEOUT_MS = 300_000;
    static final long SESSION_MS = ConsumerGroupSettings.DEFAULT_SESSION_TIMEOUT_MS;
    static final long HEARTBEAT_MS = ConsumerGroupSettings.DEFAULT_HEARTBEAT_INTERVAL_MS;

    final Simulation sim = new Simulation(1_000_000);
    final EventLog events = new EventLog(sim::nowMs);
    final OffsetStore offsets = new OffsetStore();
    /** The cluster metadata the coordinator reads: tests may grow it. */
    final Map<String, Integer> partitions = new TreeMap<>();
    final ConsumerGroupCoordinator coordinator;

    /** Kafka's defaults but assignments computed inside the heartbeat (interval 0, as in Kafka 4.0). */
    GroupHarness(Map<String, Integer> topics) {
        this(ConsumerGroupSettings.DEFAULTS.withAssignmentIntervalMs(0), topics);
    }

    GroupHarness(ConsumerGroupSettings settings, Map<String, Integer> topics) {
        partitions.putAll(topics);
        coordinator = new ConsumerGroupCoordinator(sim, GROUP, settings, offsets, () -> Map.copyOf(partitions), events);
    }

    static TopicPartition tp(int partition) {
        return new TopicPartition(TOPIC, partition);
    }

    static TopicPartition tp(String topic, int partition) {
        return new TopicPartition(topic, partition);
    }

    /** Partitions of topic t. */
    static List<TopicPartition> tps(int... partitions) {
        return IntStream.of(partitions).mapToObj(GroupHarness::tp).toList();
    }

    /** A dynamic member's first heartbeat: epoch 0, every field set, nothing owned. */
    HeartbeatResponse join(String memberId, List<String> topics) {
        return send(new HeartbeatRequest(memberId, 0, null, REBALANCE_TIMEOUT_MS, topics, null, List.of()));
    }

    HeartbeatResponse joinStatic(String memberId, String instanceId, List<String> topics) {
        return send(new HeartbeatRequest(memberId, 0, instanceId, REBALANCE_TIMEOUT_MS, topics, null, List.of()));
    }

    /** A regular heartbeat: only the epoch and the owned partitions (null = not sent). */
    HeartbeatResponse heartbeat(String memberId, int epoch, List<TopicPartition> owned) {
        return send(new HeartbeatRequest(memberId, epoch, null, -1, null, null, owned));
    }

    HeartbeatResponse heartbeatStatic(String memberId, String instanceId, int epoch, List<TopicPartition> owned) {
        return send(new HeartbeatRequest(memberId, epoch, instanceId, -1, null, null, owned));
    }

    HeartbeatResponse leave(String memberId) {
        return send(new HeartbeatRequest(memberId, ConsumerGroupMessages.LEAVE_EPOCH, null, -1, null, null, null));
    }

    HeartbeatResponse leaveStatic(String memberId, String instanceId, int epoch) {
        return send(new HeartbeatRequest(memberId, epoch, instanceId, -1, null, null, null));
    }

    HeartbeatResponse send(HeartbeatRequest request) {
        List<HeartbeatResponse> responses = new ArrayList<>();
        coordinator.heartbeat(request, responses::add);
        assertEquals(1, responses.size(), "exactly one response, delivered at once");
        HeartbeatResponse response = responses.get(0);
        assertNotNull(response);
        return response;
    }

    Errors commit(String memberId, int epoch, Map<TopicPartition, Long> committed) {
        List<Errors> responses = new ArrayList<>();
        coordinator.offsetCommit(new OffsetCommitRequest(memberId, epoch, committed), responses::add);
        assertEquals(1, responses.size(), "exactly one response, delivered at once");
        return responses.get(0);
    }

    /** Moves the clock (and runs the timers) to {@code atMs}. */
    void runUntil(long atMs) {
        sim.runUntil(atMs);
    }

    void advance(long ms) {
        sim.runUntil(sim.nowMs() + ms);
    }

    MemberState memberState(String memberId) {
        return coordinator.member(memberId).state();
    }

    int memberEpoch(String memberId) {
        return coordinator.member(memberId).memberEpoch();
    }

    List<TopicPartition> assigned(String memberId) {
        return List.copyOf(coordinator.member(memberId).assigned());
    }
}
