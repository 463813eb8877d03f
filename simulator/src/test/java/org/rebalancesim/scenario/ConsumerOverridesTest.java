package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** consumers.overrides: pods whose consumer configs differ, e.g. a group mixing static and dynamic members. */
class ConsumerOverridesTest {

    @TempDir
    java.nio.file.Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String withOverrides(String overrides) {
        return """
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers:
                  count: 3
                  config: {group.instance.id: pod-$(POD_NAME), session.timeout.ms: 30000}
                  overrides: %s
                timeline:
                  - at: 1m
                    start: {count: 1}
                """.formatted(overrides);
    }

    @Test
    void anOverrideIsMergedOverTheSharedConfigAndTildeRestoresKafkasDefault() throws Exception {
        Variant variant = files.onlyVariant(withOverrides("{c3: {group.instance.id: ~, max.poll.interval.ms: 10m}}"));
        ConsumersSpec consumers = variant.consumers();
        assertEquals("pod-c1", consumers.configOf("c1").instanceIdOf("c1"));
        assertNull(consumers.configOf("c3").instanceIdOf("c3"), "c3 is a dynamic member");
        assertEquals(600_000, consumers.configOf("c3").maxPollIntervalMs());
        assertEquals(30_000, consumers.configOf("c3").sessionTimeoutMs(), "what c3 does not override is shared");
        assertEquals(300_000, consumers.configOf("c2").maxPollIntervalMs());
    }

    @Test
    void podsStartedByTheTimelineCanBeOverriddenToo() throws Exception {
        Variant variant = files.onlyVariant(withOverrides("{c4: {group.instance.id: ~}}"));
        assertNull(variant.consumers().configOf("c4").instanceIdOf("c4"));
    }

    /**
     * group.instance.id as Kafka takes it: sent as written, $(POD_NAME) the pod's name. One literal id for several
     * pods would be one static member fencing itself at every join, so it is refused with the fix; a literal in
     * one pod's override is that pod's id.
     */
    @Test
    void anInstanceIdIsSentAsWrittenWithThePodsNameExpanded() throws Exception {
        ConsumersSpec consumers = files.onlyVariant(withOverrides("{c2: {group.instance.id: billing-7}}")).consumers();
        assertEquals("pod-c4", consumers.configOf("c4").instanceIdOf("c4"), "a pod the timeline starts too");
        assertEquals("billing-7", consumers.configOf("c2").instanceIdOf("c2"));
        List<String> shared = files.problems(withOverrides("{}").replace("pod-$(POD_NAME)", "orders"));
        assertEquals(1, shared.size(), shared.toString());
        assertTrue(shared.get(0).startsWith("consumers.config.group.instance.id: pods c1, c2, c3, c4 would all send "
                + "group.instance.id 'orders'") && shared.get(0).contains("FENCED_INSTANCE_ID")
                && shared.get(0).endsWith("e.g. orders-$(POD_NAME) (the pod's name, as a pod spec passes metadata.name)"),
                shared.get(0));
        List<String> twoOverrides = files.problems(withOverrides("{c1: {group.instance.id: x}, c2: {group.instance.id: x}}"));
        assertTrue(twoOverrides.get(0).startsWith("consumers.overrides.c1.group.instance.id: pods c1, c2 would all send"),
                twoOverrides.toString());
    }

    @Test
    void overridesAreCheckedLikeTheSharedConfig() {
        assertEquals(List.of("consumers.overrides.c9: unknown consumer 'c9'; known: c1, c2, c3, c4"),
                files.problems(withOverrides("{c9: {max.poll.records: 10}}")));
        List<String> rules = files.problems(withOverrides("{c2: {heartbeat.interval.ms: 40000}}"));
        assertTrue(rules.get(0).startsWith("consumers.overrides.c2.heartbeat.interval.ms: heartbeat.interval.ms "
                + "(40000) must be lower than session.timeout.ms (30000)"), rules.get(0));
        assertTrue(files.problems(withOverrides("{c2: {sesion.timeout.ms: 1}}")).get(0)
                .contains("did you mean 'session.timeout.ms'?"));
    }

    @Test
    void podsMayMixProtocolsButNotAssignorsWithNothingInCommon() throws ScenarioException {
        // Kafka 4.x serves classic members inside a consumer group and converts the group between the
        // protocols online (GroupMetadataManager; docs/kafka-semantics.md §21): one pod may speak the other.
        ConsumersSpec mixed = files.onlyVariant(withOverrides("{c2: {group.protocol: consumer}}")).consumers();
        assertEquals(GroupProtocolName.CONSUMER, mixed.configOf("c2").groupProtocol());
        assertEquals(GroupProtocolName.CLASSIC, mixed.configOf("c1").groupProtocol());
        assertTrue(files.problems(withOverrides("{c2: {partition.assignment.strategy: roundrobin}}")).get(0)
                .contains("INCONSISTENT_GROUP_PROTOCOL"));
    }
}
