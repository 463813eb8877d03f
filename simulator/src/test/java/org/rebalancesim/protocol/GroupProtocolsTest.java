package org.rebalancesim.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.cluster.GroupSetup;
import org.rebalancesim.consumer.ClassicMember;
import org.rebalancesim.consumer.ConsumerProtocolMember;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.GroupCoordinator;
import org.rebalancesim.coordinator.CoordinatorWarmup;
import org.rebalancesim.coordinator.MemberIds;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * Each protocol's choice, label, limits, coordinator and client as Kafka has them: ConsumerCoordinator picks
 * COOPERATIVE only when every configured assignor supports it; under KIP-848 the broker's group.consumer.*
 * settings replace the client's and the broker assigns.
 */
class GroupProtocolsTest {

    private final Assignors assignors = Assignors.builtIn();

    @AfterEach
    void close() {
        assignors.close();
    }

    private static Variant variant(String consumerConfig, String cluster) throws ScenarioException {
        return ScenarioLoader.fromText("""
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers: {count: 3, config: %s}
                %s
                """.formatted(consumerConfig, cluster), "protocol.yaml").variants().get(0);
    }

    private GroupProtocol protocolOf(Variant variant) {
        return GroupProtocols.of(variant.consumers().config(), assignors);
    }

    @Test
    void classicIsEagerUnlessEveryAssignorIsCooperative() throws ScenarioException {
        // Kafka's default [range, cooperative-sticky]: range supports only EAGER, so the group stays eager.
        Variant byDefault = variant("{}", "");
        assertSame(ClassicProtocol.EAGER, protocolOf(byDefault));
        assertEquals("classic/eager (range)", protocolOf(byDefault).label(byDefault));
        assertSame(ClassicProtocol.EAGER, protocolOf(variant("{partition.assignment.strategy: [sticky]}", "")));

        Variant cooperative = variant("{partition.assignment.strategy: [cooperative-sticky]}", "");
        assertSame(ClassicProtocol.COOPERATIVE, protocolOf(cooperative));
        assertEquals("classic/cooperative (cooperative-sticky)", protocolOf(cooperative).label(cooperative));
        assertEquals(RebalanceModel.COOPERATIVE, protocolOf(cooperative).model());
        assertFalse(protocolOf(cooperative).model().brokerDriven());
    }

    @Test
    void consumerProtocolIsNamedForTheBrokersAssignor() throws ScenarioException {
        // group.consumer.assignors defaults to [uniform, range]; the first is used unless the client names one.
        Variant byDefault = variant("{group.protocol: consumer}", "");
        assertSame(ConsumerProtocol.INSTANCE, protocolOf(byDefault));
        assertEquals("consumer (uniform)", protocolOf(byDefault).label(byDefault));
        Variant remote = variant("{group.protocol: consumer, group.remote.assignor: range}", "");
        assertEquals("consumer (range)", protocolOf(remote).label(remote));
        assertTrue(protocolOf(remote).model().brokerDriven());
    }

    @Test
    void classicLimitsAreTheClientsAndTheFirstRebalanceIsDelayed() throws ScenarioException {
        Variant variant = variant("{session.timeout.ms: 10s, heartbeat.interval.ms: 2s}", "");
        GroupProtocol protocol = protocolOf(variant);
        ConsumerConfig config = variant.consumers().config();
        assertEquals(10_000, protocol.sessionTimeoutMs(config, variant.cluster()));
        assertEquals(2_000, protocol.heartbeatIntervalMs(config, variant.cluster()));
        assertEquals("session.timeout.ms", protocol.sessionTimeoutName());
        assertEquals("heartbeat.interval.ms", protocol.heartbeatIntervalName());
        assertTrue(protocol.delaysInitialRebalance());
    }

    @Test
    void consumerProtocolLimitsAreTheBrokersWhateverTheClientSets() throws ScenarioException {
        // Inherited from the shared config: a variant that wrote them itself would be refused, as Kafka's
        // ConsumerConfig refuses them under group.protocol consumer (docs/kafka-semantics.md §24).
        Variant variant = ScenarioLoader.fromText("""
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers: {count: 3, config: {session.timeout.ms: 10s, heartbeat.interval.ms: 2s}}
                cluster: {config: {group.consumer.heartbeat.interval.ms: 6s}}
                variants:
                  - name: classic
                  - name: consumer
                    consumers: {config: {group.protocol: consumer}}
                """, "protocol.yaml").variants().get(1);
        GroupProtocol protocol = protocolOf(variant);
        ConsumerConfig config = variant.consumers().config();
        assertEquals(45_000, protocol.sessionTimeoutMs(config, variant.cluster()));
        assertEquals(6_000, protocol.heartbeatIntervalMs(config, variant.cluster()));
        assertEquals("group.consumer.session.timeout.ms", protocol.sessionTimeoutName());
        assertEquals("group.consumer.heartbeat.interval.ms", protocol.heartbeatIntervalName());
        // GroupMetadataManager has no initial rebalance delay for consumer groups.
        assertFalse(protocol.delaysInitialRebalance());
    }

    @Test
    void eachProtocolBringsItsCoordinatorAndItsClient() throws ScenarioException {
        Variant classic = variant("{}", "");
        GroupCoordinator classicCoordinator = protocolOf(classic).coordinator().create(setup(classic));
        assertInstanceOf(ClassicGroupCoordinator.class, classicCoordinator.serving(ClassicGroupCoordinator.class));
        assertNull(classicCoordinator.serving(ConsumerGroupCoordinator.class));
        assertSame(ClassicMember.CLIENT, protocolOf(classic).client());

        Variant consumer = variant("{group.protocol: consumer}", "");
        GroupCoordinator consumerCoordinator = protocolOf(consumer).coordinator().create(setup(consumer));
        assertInstanceOf(ConsumerGroupCoordinator.class, consumerCoordinator.serving(ConsumerGroupCoordinator.class));
        assertSame(ConsumerProtocolMember.CLIENT, protocolOf(consumer).client());
    }

    @Test
    void realKafkaGetsOnlyTheSettingsItsProtocolAccepts() throws ScenarioException {
        Variant classic = variant("{partition.assignment.strategy: [cooperative-sticky], session.timeout.ms: 10s}",
                "");
        assertEquals(Map.of("group.protocol", "classic",
                        "partition.assignment.strategy", "org.apache.kafka.clients.consumer.CooperativeStickyAssignor",
                        "session.timeout.ms", "10000", "heartbeat.interval.ms", "3000"),
                clientProperties(classic));
        // KIP-848's consumer refuses session.timeout.ms, heartbeat.interval.ms and partition.assignment.strategy.
        Variant consumer = variant("{group.protocol: consumer, group.remote.assignor: range}", "");
        assertEquals(Map.of("group.protocol", "consumer", "group.remote.assignor", "range"), clientProperties(consumer));
    }

    private Map<String, String> clientProperties(Variant variant) {
        Map<String, String> properties = new LinkedHashMap<>();
        protocolOf(variant).putClientProperties(variant.consumers().config(), Long::toString, properties);
        return properties;
    }

    /** No one hears the events: building a coordinator reports nothing. */
    private static GroupSetup setup(Variant variant) {
        return new GroupSetup(new Simulation(1_000), variant.cluster(), variant.groupId(), new OffsetStore(),
                new MemberIds(Rng.stream(1, "member-ids")), null, () -> Map.of("orders", 6),
                CoordinatorWarmup.none());
    }

    @Test
    void theLibrarysAssignorListsResolveAsTheirLabelsSay() {
        assertSame(ClassicProtocol.EAGER, ClassicProtocol.choose(List.of("range", "cooperative-sticky"), assignors));
        assertSame(ClassicProtocol.COOPERATIVE, ClassicProtocol.choose(List.of("cooperative-sticky"), assignors));
        assertSame(ClassicProtocol.EAGER, ClassicProtocol.choose(List.of("roundrobin"), assignors));
    }
}
