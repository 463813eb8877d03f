package org.rebalancesim.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.scenario.ModelledConfigs;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/** consumer.properties and Kafka Streams properties: kept, typed, left out, refused. */
class ImportPropertiesTest {

    @TempDir
    Path dir;

    private ScenarioImporter.Result imported(String name, String properties) {
        return ImportTrees.importFiles(ImportTrees.write(dir, name, properties));
    }

    /**
     * A group.instance.id made per pod when the file is rendered (the pod's hostname is its name on Kubernetes,
     * or an env var filled from metadata.name) becomes the scenario's $(POD_NAME): one id per pod, as Kafka sees.
     */
    @Test
    void aPerPodInstanceIdPlaceholderBecomesThePodsName() {
        for (String placeholder : List.of("${HOSTNAME}", "${POD_NAME}", "${env:HOSTNAME}", "$(POD_NAME)")) {
            ScenarioImporter.Result result = imported("consumer.properties",
                    "group.id=payments\ngroup.instance.id=payments-" + placeholder + "\n");
            assertEquals("payments-$(POD_NAME)", ImportTrees.parse(result.yaml()).path("consumers").path("config")
                    .path("group.instance.id").textValue(), placeholder);
        }
    }

    @Test
    void everyModelledConsumerConfigIsKeptWithItsYamlType() throws ScenarioException {
        ScenarioImporter.Result result = imported("consumer.properties", """
                group.id = payments
                group.protocol: consumer
                max.poll.records 250
                enable.auto.commit=FALSE
                metadata.max.age.ms=60000
                retry.backoff.max.ms=\\
                  2000
                group.remote.assignor=uniform
                group.instance.id=007
                """);
        JsonNode scenario = ImportTrees.parse(result.yaml());
        assertEquals("payments", scenario.path("group").path("id").textValue());
        assertEquals(ImportTrees.parse("""
                {group.protocol: consumer, max.poll.records: 250, enable.auto.commit: false,
                 metadata.max.age.ms: 60000, retry.backoff.max.ms: 2000, group.remote.assignor: uniform,
                 group.instance.id: '007'}"""), scenario.path("consumers").path("config"));
        assertTrue(scenario.path("consumers").path("config").path("max.poll.records").isInt());
        ScenarioLoader.fromText(result.yaml(), "payments.yaml");
    }

    @Test
    void configsTheModelDoesNotReadAreListedInOneWarningAndTyposGetASuggestion() {
        ScenarioImporter.Result result = imported("consumer.properties", """
                bootstrap.servers=kafka:9092
                group.id=payments
                sesion.timeout.ms=10000
                fetch.max.wait.ms=500
                ssl.truststore.location=/etc/kafka/truststore.jks
                my.app.batch.size=10
                client.id=payments-1
                """);
        String file = dir.resolve("consumer.properties").toString();
        assertEquals(file + ": not modelled, left out: bootstrap.servers, fetch.max.wait.ms, ssl.truststore.location, "
                + "client.id\n" + file + ": not Kafka consumer configs, left out: sesion.timeout.ms (did you mean "
                + "session.timeout.ms?), my.app.batch.size", ImportTrees.warnings(result).lines()
                .filter(line -> line.startsWith(file)).reduce((a, b) -> a + "\n" + b).orElse(""));
        assertTrue(ImportTrees.parse(result.yaml()).path("consumers").path("config").isMissingNode());
    }

    /** Every key the loader's consumer and Streams parsers read is imported, so a key they learn needs no edit here. */
    @Test
    void theModelledKeysAreTheLoadersOwn() {
        Map<String, String> consumer = new LinkedHashMap<>();
        ModelledConfigs.consumerKeys().forEach(key -> consumer.put(key, "x"));
        assertEquals(ModelledConfigs.consumerKeys(), keys(PropertiesImport.read("c", consumer, new ImportLog()).config()));

        Map<String, String> streams = new LinkedHashMap<>(Map.of("application.id", "a"));
        ModelledConfigs.streamsKeys().forEach(key -> streams.put(key, "x"));
        ModelledConfigs.consumerKeys().forEach(key -> streams.put(key, "x"));
        List<String> expected = new ArrayList<>(ModelledConfigs.streamsKeys());
        ModelledConfigs.consumerKeys().stream().filter(key -> !ModelledConfigs.consumerKeysStreamsSets().contains(key))
                .filter(key -> !expected.contains(key)).forEach(expected::add);
        assertEquals(expected, keys(PropertiesImport.read("s", streams, new ImportLog()).config()));
    }

    @Test
    void aStreamsFileMakesAStreamsAppWithApplicationIdAsTheGroup() throws ScenarioException {
        ScenarioImporter.Result result = imported("streams.properties", """
                application.id=totals
                group.id=ignored
                enable.auto.commit=true
                num.stream.threads=3
                processing.guarantee=exactly_once_v2
                group.protocol=streams
                """);
        JsonNode scenario = ImportTrees.parse(result.yaml());
        assertEquals("totals", scenario.path("group").path("id").textValue());
        assertEquals("streams", scenario.path("consumers").path("app").textValue());
        assertEquals(ImportTrees.parse("{num.stream.threads: 3, processing.guarantee: exactly_once_v2, "
                + "group.protocol: streams}"), scenario.path("consumers").path("config"));
        assertEquals(ImportTrees.parse("{subtopologies: [{source: orders}]}"), scenario.path("consumers").path("topology"));
        assertTrue(ImportTrees.warnings(result).contains("Kafka Streams sets these itself and ignores the application's "
                + "value (its own assignor, commits every commit.interval.ms, application.id as the group id), left "
                + "out: group.id, enable.auto.commit"), ImportTrees.warnings(result));
        ScenarioLoader.fromText(result.yaml(), "totals.yaml");
    }

    /** StreamsConfig#getMainConsumerConfigs: main.consumer.X over consumer.X over X, whatever the file's order. */
    @Test
    void aStreamsMainConsumerKeyWinsOverAConsumerKeyWhichWinsOverTheBareKey() {
        JsonNode config = ImportTrees.parse(imported("streams.properties", """
                application.id=totals
                main.consumer.max.poll.records=50
                max.poll.records=10
                consumer.max.poll.records=20
                consumer.session.timeout.ms=30000
                session.timeout.ms=20000
                restore.consumer.max.poll.records=7
                """).yaml()).path("consumers").path("config");
        assertEquals(ImportTrees.parse("{max.poll.records: 50, session.timeout.ms: 30000}"), config);
    }

    @Test
    void aStreamsAppInADeploymentRestoresFromScratchAfterARestart() {
        ScenarioImporter.Result result = ImportTrees.importFiles(ImportTrees.write(dir, "streams.properties",
                "application.id=totals\n"), ImportTrees.write(dir, "d.yaml", """
                        apiVersion: apps/v1
                        kind: Deployment
                        metadata: {name: totals}
                        spec: {replicas: 2}
                        """));
        assertEquals("ephemeral", ImportTrees.parse(result.yaml()).path("consumers").path("topology")
                .path("stateDirectory").textValue());
    }

    @Test
    void aValueTheLoaderRefusesIsAProblemOfThePropertiesKey() {
        String problems = ImportTrees.problems(ImportTrees.write(dir, "consumer.properties", """
                group.id=payments
                session.timeout.ms=10000
                heartbeat.interval.ms=10000
                max.poll.records=lots
                """));
        String file = dir.resolve("consumer.properties").toString();
        assertTrue(problems.contains(file + ": max.poll.records: "), problems);
        assertTrue(problems.contains("(imported as consumers.config.max.poll.records)"), problems);
        assertFalse(problems.contains("imported scenario:"), problems);
    }

    @Test
    void aGroupNobodyNamesIsAPlaceholderWithAWarning() {
        ScenarioImporter.Result result = imported("consumer.properties", "max.poll.records=10\n");
        assertEquals(ScenarioAssembly.PLACEHOLDER_GROUP, ImportTrees.parse(result.yaml()).path("group").path("id")
                .textValue());
        assertTrue(result.yaml().matches("(?s).*id: my-group +# TODO: the consumers' group.id.*"), result.yaml());
        assertTrue(ImportTrees.warnings(result).contains("no input names the group"), ImportTrees.warnings(result));
    }

    private static List<String> keys(JsonNode map) {
        List<String> keys = new ArrayList<>();
        map.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
