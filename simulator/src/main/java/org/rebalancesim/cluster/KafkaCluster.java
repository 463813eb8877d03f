package org.rebalancesim.cluster;

import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.rebalancesim.coordinator.CoordinatorWarmup;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.GroupCoordinator;
import org.rebalancesim.coordinator.MemberIds;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.ClusterSpec;

/**
 * The brokers as the pods see them: FindCoordinator, and requests to the group coordinator over each
 * pod's {@link Link}. When the coordinator's broker fails, the group is unloaded; when a new leader of
 * the offsets partition is elected, the group is loaded there from its last persisted state. Which
 * coordinator the group has is the group protocol's choice ({@link CoordinatorFactory}).
 */
public final class KafkaCluster {

    private final Simulation sim;
    private final ClusterSpec spec;
    private final long seed;
    private final OffsetStore offsets = new OffsetStore();
    private final Brokers brokers;
    private final PublishedMetadata metadata;
    /** The group's coordinator; a failover may replace it (see {@link GroupCoordinator#loadOn}). */
    private GroupCoordinator coordinator;

    /**
     * @param events           what the group's coordinator reports to
     * @param partitionCounts  the topics' partition counts now; the coordinator sees them once published
     * @param coordinators     the group protocol's coordinator
     */
    public KafkaCluster(Simulation sim, ClusterSpec spec, String groupId, long seed, GroupEvents events,
                        Supplier<Map<String, Integer>> partitionCounts, CoordinatorFactory coordinators) {
        this.sim = sim;
        this.spec = spec;
        this.seed = seed;
        MemberIds memberIds = new MemberIds(Rng.stream(seed, "member-ids"));
        int offsetsPartition = CoordinatorLocator.offsetsPartitionFor(groupId, spec.offsetsTopicNumPartitions());
        this.brokers = new Brokers(sim, spec.brokers(), offsetsPartition, spec.brokerSessionTimeoutMs(),
                this::loadGroup, this::unloadGroup);
        this.metadata = new PublishedMetadata(sim, partitionCounts, spec.metadataPropagationMs());
        // Drawn from a stream of its own: a run without a warm-up draws the same as before it was modelled.
        long warmupMs = spec.coordinatorWarmup().sampleMs(Rng.stream(seed, "coordinator-warmup"));
        this.coordinator = coordinators.create(new GroupSetup(sim, spec, groupId, offsets, memberIds, events,
                metadata::counts, new CoordinatorWarmup(warmupMs)));
    }

    /**
     * The topics' partition counts changed: once its broker has published them, the group's coordinator
     * (whichever holds the group then) refreshes what it knows of them.
     */
    public void partitionsChanged() {
        metadata.changed(() -> coordinator.partitionsChanged());
    }

    /**
     * Sends a request to the group coordinator on {@code broker}, to its part that serves {@code api}. A dead
     * broker, one that no longer hosts the group, or a group whose coordinator does not serve {@code api}
     * answers NOT_COORDINATOR (for a dead broker this stands for the client seeing the connection drop).
     * The coordinator as it is when the request arrives answers it (a failover may have replaced it).
     */
    public <G, Q, R> void toCoordinator(Link link, int broker, Class<G> api, Q request,
                                        Function<Errors, R> errorResponse, TriConsumer<G, Q, Consumer<R>> handler,
                                        Consumer<R> onResponse) {
        link.deliver(request, arrived -> {
            G group = coordinator.serving(api);
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

    /** The part of the group's coordinator that serves {@code api}, or null when it serves none. */
    public <A> A coordinator(Class<A> api) {
        return coordinator.serving(api);
    }

    /**
     * FindCoordinator: answered by any live broker with the coordinator's id, or -1
     * (COORDINATOR_NOT_AVAILABLE) while the offsets partition has no leader.
     */
    public void findCoordinator(Link link, Consumer<Integer> onResponse) {
        link.deliver(Boolean.TRUE, ignored -> link.deliver(brokers.coordinatorBroker(), onResponse));
    }

    /** A three-argument consumer (the coordinator, the request, the reply callback). */
    @FunctionalInterface
    public interface TriConsumer<A, B, C> {
        void accept(A a, B b, C c);
    }

    private void unloadGroup() {
        coordinator.unload();
    }

    private void loadGroup(int broker) {
        coordinator = coordinator.loadOn(broker);
    }
}
