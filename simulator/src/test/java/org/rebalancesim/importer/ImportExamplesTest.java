package org.rebalancesim.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * The example inputs under docs/examples/import/ give the scenario the README shows: the expected trees are written
 * from the inputs by hand (each value traced to its manifest field or properties key), and the text is the
 * same, byte for byte, every time.
 */
class ImportExamplesTest {

    private static final Path EXAMPLES = Path.of(System.getProperty("examples.dir", "../docs/examples/import"));
    private static final Path ORDERS = EXAMPLES.resolve("orders");
    private static final Path ORDER_TOTALS = EXAMPLES.resolve("order-totals");

    /** deployment.yaml, scaledobject.yaml and consumer.properties, key by key. */
    private static final String ORDERS_SCENARIO = """
            duration: 30m
            group: {id: orders}                         # group.id
            topics:
              - {name: orders, partitions: 12}          # the trigger's topic; 12 a placeholder
            consumers:
              count: 6                                  # spec.replicas
              config:                                   # the modelled keys, typed, in the file's order
                partition.assignment.strategy: org.apache.kafka.clients.consumer.CooperativeStickyAssignor
                session.timeout.ms: 30000
                heartbeat.interval.ms: 3000
                max.poll.interval.ms: 600000
                max.poll.records: 200
                enable.auto.commit: false
              workload:
                kind: Deployment
                name: orders
                terminationGracePeriodSeconds: 45
                preStop: {sleep: {seconds: 5}}
                minReadySeconds: 10
                readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5, failureThreshold: 3}
                strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}
              autoscaler:
                scaledObject:
                  pollingInterval: 15
                  cooldownPeriod: 300
                  minReplicaCount: 2
                  maxReplicaCount: 12
                  advanced:
                    horizontalPodAutoscalerConfig:
                      behavior:
                        scaleDown:
                          stabilizationWindowSeconds: 300
                          policies: [{type: Pods, value: 1, periodSeconds: 60}]
                  triggers:
                    - type: kafka
                      metadata: {lagThreshold: '500', activationLagThreshold: '10', offsetResetPolicy: latest,
                                 topic: orders, consumerGroup: orders}
            """;

    /** statefulset.yaml and streams.properties. */
    private static final String ORDER_TOTALS_SCENARIO = """
            duration: 30m
            group: {id: order-totals}                   # application.id
            topics:
              - {name: orders, partitions: 12}          # a placeholder: no trigger names a topic
            consumers:
              count: 3
              app: streams
              config:
                num.stream.threads: 2
                num.standby.replicas: 1
                processing.guarantee: exactly_once_v2
                commit.interval.ms: 200
                max.poll.records: 500                   # main.consumer.max.poll.records
                session.timeout.ms: 30000               # consumer.session.timeout.ms
              topology:
                subtopologies:
                  - source: orders
              workload:
                kind: StatefulSet
                name: order-totals
                terminationGracePeriodSeconds: 60
                preStop: {sleep: {seconds: 10}}         # exec: sh -c "sleep 10"
                readinessProbe: {periodSeconds: 10, successThreshold: 1}
                updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 0}}
            """;

    @Test
    void theOrdersDeploymentScaledObjectAndConsumerPropertiesGiveTheirScenario() {
        ScenarioImporter.Result result = ImportTrees.importFiles(ORDERS.resolve("deployment.yaml"),
                ORDERS.resolve("scaledobject.yaml"), ORDERS.resolve("consumer.properties"));
        assertEquals(ImportTrees.parse(ORDERS_SCENARIO), ImportTrees.parse(result.yaml()));
        String warnings = ImportTrees.warnings(result);
        assertTrue(warnings.contains("consumer.properties: not modelled, left out: bootstrap.servers, key.deserializer, "
                + "value.deserializer, fetch.max.wait.ms, auto.offset.reset, security.protocol, sasl.mechanism"), warnings);
        assertTrue(warnings.contains("scaledobject.yaml: spec.triggers[0].metadata: not modelled (connection and "
                + "authentication included), left out: bootstrapServers, sasl, tls"), warnings);
        assertTrue(warnings.contains("scaledobject.yaml: spec.triggers[0]: not modelled, left out: authenticationRef"),
                warnings);
        assertTrue(warnings.contains("deployment.yaml: spec.template.spec.containers[0].readinessProbe: its httpGet "
                + "check is not modelled: the probe is assumed to pass once the process is up"), warnings);
    }

    @Test
    void theOrderTotalsStatefulSetAndStreamsPropertiesGiveTheirScenario() {
        ScenarioImporter.Result result = ImportTrees.importFiles(ORDER_TOTALS.resolve("statefulset.yaml"),
                ORDER_TOTALS.resolve("streams.properties"));
        assertEquals(ImportTrees.parse(ORDER_TOTALS_SCENARIO), ImportTrees.parse(result.yaml()));
        String warnings = ImportTrees.warnings(result);
        assertTrue(warnings.contains("streams.properties: not modelled, left out: bootstrap.servers, state.dir, "
                + "default.key.serde, default.value.serde, producer.linger.ms, replication.factor"), warnings);
        assertTrue(warnings.contains("streams.properties: a Kafka Streams application needs its topology"), warnings);
        assertTrue(warnings.contains("statefulset.yaml: spec.podManagementPolicy: not modelled, left out"), warnings);
        assertTrue(warnings.contains("statefulset.yaml: spec.template.spec.containers[0].lifecycle.preStop.exec: read "
                + "as a sleep of 10 s"), warnings);
    }

    @Test
    void theSameInputsGiveTheSameBytes() {
        Path[] orders = {ORDERS.resolve("deployment.yaml"), ORDERS.resolve("scaledobject.yaml"),
            ORDERS.resolve("consumer.properties")};
        ScenarioImporter.Result first = ImportTrees.importFiles(orders);
        ScenarioImporter.Result second = ImportTrees.importFiles(orders);
        assertEquals(first.yaml(), second.yaml());
        assertEquals(first.warnings(), second.warnings());
        Path[] totals = {ORDER_TOTALS.resolve("statefulset.yaml"), ORDER_TOTALS.resolve("streams.properties")};
        assertEquals(ImportTrees.importFiles(totals).yaml(), ImportTrees.importFiles(totals).yaml());
    }

    @Test
    void theHeaderNamesEachInputAndWhatWasReadFromIt() {
        String yaml = ImportTrees.importFiles(ORDERS.resolve("deployment.yaml"), ORDERS.resolve("scaledobject.yaml"),
                ORDERS.resolve("consumer.properties")).yaml();
        assertTrue(yaml.startsWith("# A scenario imported by rebalance-sim import from:\n"
                + "#   " + ORDERS.resolve("deployment.yaml") + ": Deployment orders\n"
                + "#   " + ORDERS.resolve("scaledobject.yaml") + ": ScaledObject orders\n"
                + "#   " + ORDERS.resolve("consumer.properties") + ": consumer configs\n"), yaml);
        assertTrue(yaml.contains("partitions: 12  # TODO"), yaml);
    }

    /**
     * The round trip: every example, imported, is a scenario the loader reads, and what it reads is what the
     * manifests say (spec.replicas, the rollout's maxSurge, the ScaledObject's bounds and lagThreshold, the
     * StatefulSet's grace period), not only what the import wrote.
     */
    @Test
    void eachImportedExampleLoadsWithTheManifestsValues() throws ScenarioException {
        String orders = ImportTrees.importFiles(ORDERS.resolve("deployment.yaml"), ORDERS.resolve("scaledobject.yaml"),
                ORDERS.resolve("consumer.properties")).yaml();
        ConsumersSpec ordersPods = ScenarioLoader.fromText(orders, "orders.yaml").variants().get(0).consumers();
        assertEquals(6, ordersPods.initial().size());
        assertEquals("orders", ordersPods.workload().name());
        ScaledObjectSpec scaledObject = (ScaledObjectSpec) ordersPods.autoscaler();
        assertEquals(2, scaledObject.minReplicaCount());
        assertEquals(12, scaledObject.maxReplicaCount());
        assertEquals(15, scaledObject.pollingIntervalSeconds());
        assertEquals(500, scaledObject.triggers().get(0).lagThreshold());
        assertEquals(10, scaledObject.triggers().get(0).activationLagThreshold());
        assertEquals(300, scaledObject.behavior().orElseThrow().scaleDown()
                .stabilizationWindowSeconds().orElseThrow());

        String totals = ImportTrees.importFiles(ORDER_TOTALS.resolve("statefulset.yaml"),
                ORDER_TOTALS.resolve("streams.properties")).yaml();
        ConsumersSpec totalsPods = ScenarioLoader.fromText(totals, "order-totals.yaml").variants().get(0).consumers();
        assertEquals("order-totals", totalsPods.workload().name());
        assertEquals(60_000, totalsPods.workload().gracePeriodMs());
        assertEquals(2, totalsPods.streams().numStreamThreads());
    }

    /** A properties file alone needs no workload: the scenario validates as written. */
    @Test
    void aPropertiesFileAloneGivesAScenarioTheLoaderAccepts() throws ScenarioException {
        String consumer = ImportTrees.importFiles(ORDERS.resolve("consumer.properties")).yaml();
        JsonNode tree = ImportTrees.parse(consumer);
        assertTrue(tree.path("consumers").path("workload").isMissingNode());
        Scenario scenario = ScenarioLoader.fromText(consumer, "orders.yaml");
        assertEquals(1, scenario.variants().size());
        assertEquals(1, tree.path("consumers").path("count").intValue());

        String streams = ImportTrees.importFiles(ORDER_TOTALS.resolve("streams.properties")).yaml();
        ScenarioLoader.fromText(streams, "order-totals.yaml");
        assertEquals("streams", ImportTrees.parse(streams).path("consumers").path("app").textValue());
    }
}
