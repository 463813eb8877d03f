package org.rebalancesim.cluster;

import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.Function;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.GroupSnapshot;
import org.rebalancesim.coordinator.MemberIds;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.coordinator.consumer.ConsumerGroupSettings;
import org.rebalancesim.events.CoordinatorEvents.CoordinatorMoved;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.scenario.ConsumerGroupSpec;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.ClusterSpec;

/**
 * The brokers as the pods see them: FindCoordinator, and requests to the group coordinator over each
 * pod's {@link Link}. When the coordinator's broker fails, the group is unloaded; when a new leader of
 * the offsets partition is elected, the group is loaded there from its last persisted state.
 */
public final class KafkaCluster {

    private final Simulation sim;
    private final ClusterSpec spec;
    private final String groupId;
    private final long seed;
    private final OffsetStore offsets = new OffsetStore();
    private final MemberIds memberIds;
    private final GroupEvents events;
    private final Brokers brokers;
    private ClassicGroupCoordinator coordinator;
    /** The group when its members use the KIP-848 consumer protocol, else null. */
    private final ConsumerGroupCoordinator consumerGroup;

    /** A cluster whose group uses the classic protocol. */
    public KafkaCluster(Simulation sim, ClusterSpec spec, String groupId, long seed, GroupEvents events) {
        this(sim, spec, groupId, seed, events, null, null);
    }

    /**
     * @param consumerEvents   when not null, the group is a KIP-848 consumer group reporting to it
     * @param partitionCounts  the topics' partition counts now (the metadata the coordinator sees)
     */
    public KafkaCluster(Simulation sim, ClusterSpec spec, String groupId, long seed, GroupEvents events,
                        GroupEvents consumerEvents, Supplier<Map<String, Integer>> partitionCounts) {
        this.sim = sim;
        this.spec = spec;
        this.groupId = groupId;
        this.seed = seed;
        this.events = events;
        this.memberIds = new MemberIds(Rng.stream(seed, "member-ids"));
        int offsetsPartition = CoordinatorLocator.offsetsPartitionFor(groupId, spec.offsetsTopicNumPartitions());
        this.brokers = new Brokers(sim, spec.brokers(), offsetsPartition, spec.brokerSessionTimeoutMs(),
                this::loadGroup, this::unloadGroup);
        this.coordinator = new ClassicGroupCoordinator(sim, groupId, spec, offsets, memberIds, events);
        this.consumerGroup = consumerEvents == null ? null : new ConsumerGroupCoordinator(sim, groupId,
                settingsOf(spec), offsets, partitionCounts, consumerEvents);
    }

    /** The broker's group.consumer.* settings; group.max.size stands for group.consumer.max.size too. */
    private static ConsumerGroupSettings settingsOf(ClusterSpec spec) {
        ConsumerGroupSpec group = spec.consumerGroup() != null ? spec.consumerGroup() : ConsumerGroupSpec.defaults();
        return new ConsumerGroupSettings(group.heartbeatIntervalMs(), group.sessionTimeoutMs(), group.assignors(),
                spec.groupMaxSize(), group.assignmentIntervalMs());
    }

    /** The topics' partition counts changed: a consumer group refreshes its subscription metadata. */
    public void partitionsChanged() {
        if (consumerGroup != null) {
            consumerGroup.metadataChanged();
        }
    }

    /** Sends a request to the KIP-848 consumer group coordinator on {@code broker} (as toCoordinator). */
    public <Q, R> void toConsumerGroupCoordinator(Link link, int broker, Q request, Function<Errors, R> errorResponse,
                                                  TriConsumer<ConsumerGroupCoordinator, Q, Consumer<R>> handler,
                                                  Consumer<R> onResponse) {
        toGroup(link, broker, () -> consumerGroup, request, errorResponse, handler, onResponse);
    }

    /**
     * Delivers the request, lets the group's coordinator as it is when the request arrives answer it
     * (the classic one is replaced at a failover; null: the cluster has none of that kind), and
     * delivers the answer.
     */
    private <G, Q, R> void toGroup(Link link, int broker, Supplier<G> coordinatorNow, Q request,
                                   Function<Errors, R> errorResponse, TriConsumer<G, Q, Consumer<R>> handler,
                                   Consumer<R> onResponse) {
        link.deliver(request, arrived -> {
            G group = coordinatorNow.get();
            Consumer<R> reply = response -> link.deliver(response, onResponse);
            if (group == null || !brokers.isUp(broker) || brokers.coordinatorBroker() != broker) {
                reply.accept(errorResponse.apply(Errors.NOT_COORDINATOR));
                return;
            }
            handler.accept(group, arrived, reply);
        });
    }

    /** A pod's network path; its latency draws come from the pod's own stream. */
    public Link linkFor(String pod) {
        return new Link(sim, spec.network().latency(), Rng.stream(seed, "network:" + pod));
    }

    public Brokers brokers() {
        return brokers;
    }

    public OffsetStore offsets() {
        return offsets;
    }

    /** The coordinator of the group, or null while none is elected. */
    public ClassicGroupCoordinator coordinator() {
        return brokers.coordinatorBroker() >= 0 ? coordinator : null;
    }

    /** The KIP-848 consumer group's coordinator, or null when the group uses the classic protocol. */
    public ConsumerGroupCoordinator consumerGroup() {
        return consumerGroup;
    }

    /**
     * FindCoordinator: answered by any live broker with the coordinator's id, or -1
     * (COORDINATOR_NOT_AVAILABLE) while the offsets partition has no leader.
     */
    public void findCoordinator(Link link, Consumer<Integer> onResponse) {
        link.deliver(Boolean.TRUE, ignored -> link.deliver(brokers.coordinatorBroker(), onResponse));
    }

    /**
     * Sends a request to the classic coordinator on {@code broker}. A dead broker, or one that no longer
     * hosts the group, answers NOT_COORDINATOR (for a dead broker this stands for the client seeing the
     * connection drop).
     */
    public <Q, R> void toCoordinator(Link link, int broker, Q request, Function<Errors, R> errorResponse,
                                     TriConsumer<ClassicGroupCoordinator, Q, Consumer<R>> handler,
                                     Consumer<R> onResponse) {
        toGroup(link, broker, () -> coordinator, request, errorResponse, handler, onResponse);
    }

    /** A three-argument consumer (the coordinator, the request, the reply callback). */
    @FunctionalInterface
    public interface TriConsumer<A, B, C> {
        void accept(A a, B b, C c);
    }

    private void unloadGroup() {
        coordinator.unload();
        if (consumerGroup != null) {
            consumerGroup.unload();
        }
    }

    private void loadGroup(int broker) {
        GroupSnapshot persisted = coordinator.snapshot();
        coordinator = ClassicGroupCoordinator.loaded(sim, groupId, spec, offsets, memberIds, events, persisted);
        events.publish(new CoordinatorMoved(broker, coordinator.state(), coordinator.generationId()));
        if (consumerGroup != null) {
            // A consumer group's whole state is in __consumer_offsets: it resumes as it was (§11).
            consumerGroup.load();
        }
    }
}
