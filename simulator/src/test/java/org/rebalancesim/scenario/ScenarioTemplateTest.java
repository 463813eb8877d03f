package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Settings from the command line (sweep --set): how a key resolves to a place in the file, and that
 * the value wins everywhere: in the base, in every variant that sets the same key, and for a
 * consumer config in every pod's overrides.
 */
class ScenarioTemplateTest {

    private static final String FILE = """
            name: settings
            seed: 9
            duration: 2m
            group: {id: settings}
            topics: [{name: t, partitions: 4, rate: 10/s}, {name: u, partitions: 2, rate: 10/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 30000}
              overrides: {c2: {session.timeout.ms: 20000}}
            variants:
              - name: inherits
              - name: own-value
                consumers: {config: {session.timeout.ms: 45000}}
              - name: own-topics
                topics: [{name: t, partitions: 8, rate: 10/s}]
            """;

    private static ScenarioTemplate template() throws ScenarioException {
        return ScenarioTemplate.fromText(FILE, "settings.yaml");
    }

    private static Scenario with(String key, String value) throws ScenarioException {
        ScenarioTemplate template = template();
        return template.with(List.of(template.setting(template.resolve(key), value)));
    }

    private static Variant variant(Scenario scenario, String name) {
        return scenario.variants().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aConsumerConfigByItsKafkaNameWinsInTheBaseEveryVariantAndEveryOverride() throws ScenarioException {
        SettingKey key = template().resolve("session.timeout.ms");
        assertEquals("consumers.config.session.timeout.ms", key.path());
        assertTrue(key.isConsumerConfig());
        Scenario scenario = with("session.timeout.ms", "10000");
        for (Variant variant : scenario.variants()) {
            assertEquals(10_000, variant.consumers().config().sessionTimeoutMs(), variant.name());
            assertEquals(10_000, variant.consumers().configOf("c2").sessionTimeoutMs(), variant.name() + " c2");
        }
    }

    @Test
    void theSameConsumerConfigAsAYamlPathIsTheSameSetting() throws ScenarioException {
        SettingKey byPath = template().resolve("consumers.config.session.timeout.ms");
        assertEquals(template().resolve("session.timeout.ms"), byPath);
        assertTrue(byPath.isConsumerConfig());
        assertEquals(12_000, variant(with("consumers.config.session.timeout.ms", "12s"), "own-value")
                .consumers().config().sessionTimeoutMs());
    }

    /** A Kafka Streams config by its StreamsConfig name goes under consumers.config too, for every instance. */
    @Test
    void aStreamsConfigByItsKafkaNameGoesUnderConsumersConfig() throws ScenarioException {
        ScenarioTemplate streams = ScenarioTemplate.fromText("""
                duration: 2m
                group: {id: streams}
                topics: [{name: t, partitions: 4, rate: 10/s}]
                consumers: {count: 2, app: streams, topology: {subtopologies: [{source: t, stateful: true}]}}
                """, "streams.yaml");
        SettingKey key = streams.resolve("num.standby.replicas");
        assertEquals("consumers.config.num.standby.replicas", key.path());
        assertFalse(key.isConsumerConfig(), "a Streams app has no per-pod overrides to write it over");
        Scenario scenario = streams.with(List.of(streams.setting(key, "1")));
        assertEquals(1, scenario.variants().get(0).consumers().streams().numStandbyReplicas());
    }

    @Test
    void aBrokerConfigGoesUnderClusterConfigEvenWhenTheFileHasNone() throws ScenarioException {
        assertEquals("cluster.config.group.initial.rebalance.delay.ms",
                template().resolve("group.initial.rebalance.delay.ms").path());
        Scenario scenario = with("group.initial.rebalance.delay.ms", "0");
        scenario.variants().forEach(v -> assertEquals(0, v.cluster().groupInitialRebalanceDelayMs(), v.name()));
        assertEquals("cluster.config.group.initial.rebalance.delay.ms",
                template().resolve("cluster.config.group.initial.rebalance.delay.ms").path());
    }

    @Test
    void yamlPathsWithIndexes() throws ScenarioException {
        Scenario scenario = with("topics[1].partitions", "6");
        assertEquals(6, variant(scenario, "inherits").topics().get(1).partitions());
        // own-topics replaced the list and has no topics[1]: its own list stays as written
        assertEquals(1, variant(scenario, "own-topics").topics().size());
        Scenario first = with("topics[0].partitions", "12");
        first.variants().forEach(v -> assertEquals(12, v.topics().get(0).partitions(), v.name()));
        assertEquals(5, with("consumers.count", "5").variants().get(0).consumers().initial().size());
    }

    @Test
    void aVariantsOwnValueIsOverwrittenOthersInheritTheBase() throws ScenarioException {
        Scenario scenario = with("session.timeout.ms", "15000");
        assertEquals(15_000, variant(scenario, "inherits").consumers().config().sessionTimeoutMs());
        assertEquals(15_000, variant(scenario, "own-value").consumers().config().sessionTimeoutMs());
        Scenario untouched = template().with(List.of());
        assertEquals(45_000, variant(untouched, "own-value").consumers().config().sessionTimeoutMs());
        assertEquals(30_000, variant(untouched, "inherits").consumers().config().sessionTimeoutMs());
    }

    @Test
    void valuesAreReadAsYaml() throws ScenarioException {
        ScenarioTemplate template = template();
        SettingKey strategy = template.resolve("partition.assignment.strategy");
        Setting list = template.setting(strategy, "[range, cooperative-sticky]");
        assertTrue(list.value().isArray());
        assertEquals(List.of("range", "cooperative-sticky"),
                template.with(List.of(list)).variants().get(0).consumers().config().partitionAssignmentStrategy());
        assertTrue(template.setting(template.resolve("session.timeout.ms"), "10000").value().isNumber());
        assertTrue(template.setting(template.resolve("session.timeout.ms"), "10s").value().isTextual());
    }

    @Test
    void anUnknownKeyNamesTheSetAndSuggestsTheClosestKey() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> template().resolve("sesion.timeout.ms"));
        String message = e.problems().get(0).toString();
        assertTrue(message.startsWith("settings.yaml: --set sesion.timeout.ms: unknown key 'sesion.timeout.ms'; "
                + "did you mean 'session.timeout.ms'?"), message);
        String nested = assertThrows(ScenarioException.class, () -> template().resolve("consumers.cont"))
                .getMessage();
        assertTrue(nested.contains("unknown key 'cont' in consumers; did you mean 'count'?"), nested);
        String config = assertThrows(ScenarioException.class,
                () -> template().resolve("cluster.config.group.initial.rebalance.delay")).getMessage();
        assertTrue(config.contains("did you mean 'group.initial.rebalance.delay.ms'?"), config);
    }

    @Test
    void keysThatNameNothingSettable() {
        String index = assertThrows(ScenarioException.class, () -> template().resolve("topics[2].partitions"))
                .getMessage();
        assertTrue(index.contains("topics has 2 entries, so [2] is out of range"), index);
        String seed = assertThrows(ScenarioException.class, () -> template().resolve("seed")).getMessage();
        assertTrue(seed.contains("--seeds"), seed);
        assertThrows(ScenarioException.class, () -> template().resolve("consumers..count"));
    }

    @Test
    void aRejectedValueIsReportedByTheLoaderWithItsPath() throws ScenarioException {
        ScenarioException e = assertThrows(ScenarioException.class, () -> with("session.timeout.ms", "2000"));
        assertTrue(e.problems().stream().anyMatch(p -> p.message().contains("group.min.session.timeout.ms")),
                e.getMessage());
        ScenarioException notYaml = assertThrows(ScenarioException.class,
                () -> template().setting(template().resolve("consumers.count"), "[1, 2"));
        assertTrue(notYaml.getMessage().contains("--set consumers.count=[1, 2: not a YAML value"),
                notYaml.getMessage());
    }

    @Test
    void theFilesHashAndSeedStay() throws ScenarioException {
        Scenario plain = template().with(List.of());
        Scenario set = with("consumers.count", "3");
        assertEquals(plain.sha256(), set.sha256());
        assertEquals(9, set.seed());
        assertFalse(plain.variants().get(0).consumers().initial().size() == 3);
        assertNull(variant(set, "inherits").consumers().config().groupInstanceId());
    }
}
