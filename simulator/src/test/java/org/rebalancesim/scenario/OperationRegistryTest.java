package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every operation and fault kind is in its registry, and what the registry writes back reads as the
 * same operation: a new record without an entry or an example here fails, naming what is missing.
 */
class OperationRegistryTest {

    /** One timeline entry per operation, as a scenario writes it, in the registry's order. */
    private static final Map<String, String> EXAMPLES = examples(
            "start: {consumer: [c4, c5]}",
            "stop: {consumer: c1}",
            "crash: {consumer: [c2, c3], restartAfter: 30s}",
            "restart: {consumer: c1, downtime: 10s}",
            "rollingRestart: {consumer: all, interval: 30s, downtime: 5s}",
            "gcPause: {consumer: all, duration: 12s}",
            "slowRecord: {partition: orders-5, duration: 15m}",
            "networkPartition: {consumer: c2, duration: 20s}",
            "brokerFailure: {broker: coordinator, downtime: 30s}",
            "addPartitions: {topic: orders, count: 12}",
            "createTopic: {topic: orders-eu}",
            "deleteTopic: {topic: orders}",
            "subscribe: {consumer: all, topics: [orders]}",
            "rollout: {workload: consumers}",
            "drain: {consumer: [c1, c2]}",
            "spotInterruption: {consumer: c3, notice: 30s}");

    /** One recurring fault per kind, in the registry's order. */
    private static final Map<String, String> FAULT_EXAMPLES = examples(
            "gcPause: {consumer: all, every: 10m, duration: 2s}",
            "slowRecord: {consumer: c1, every: 5m, duration: 2m}",
            "networkPartition: {consumer: [c1, c2], every: 1h, duration: 20s}",
            "crash: {consumer: c2, every: 1h, restartAfter: 30s}",
            "brokerFailure: {broker: 1, every: 2h, downtime: 30s}");

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static Map<String, String> examples(String... entries) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (String entry : entries) {
            byName.put(entry.substring(0, entry.indexOf(':')), entry);
        }
        return byName;
    }

    @Test
    void everyOperationRecordHasOneEntry() {
        Set<Class<?>> records = Set.of(Operation.class.getPermittedSubclasses());
        Set<Class<?>> registered = Operations.all().stream().map(OperationType::type).collect(Collectors.toSet());
        assertEquals(records, registered);
        assertEquals(records.size(), Operations.all().size());
        assertEquals(records.size(), Set.copyOf(Operations.names()).size());
    }

    @Test
    void everyOperationRoundTripsThroughItsText() throws Exception {
        assertEquals(Operations.names(), List.copyOf(EXAMPLES.keySet()), "one example per operation");
        for (OperationType<?> type : Operations.all()) {
            Operation read = onlyOperation(EXAMPLES.get(type.name()));
            assertEquals(type.type(), read.getClass(), type.name());
            String text = Operations.text(read);
            assertEquals(read, onlyOperation(asYaml(text)), text);
        }
    }

    @Test
    void writesOperationsInTheFilesOwnWords() throws Exception {
        assertEquals("crash {consumer: [c2, c3], restartAfter: 30s}",
                Operations.text(onlyOperation(EXAMPLES.get("crash"))));
        assertEquals("crash {consumer: c2}", Operations.text(onlyOperation("crash: {consumer: c2}")));
        assertEquals("brokerFailure {broker: coordinator, downtime: 30s}",
                Operations.text(onlyOperation(EXAMPLES.get("brokerFailure"))));
        assertEquals("start {consumer: [c4, c5]}", Operations.text(onlyOperation(EXAMPLES.get("start"))));
    }

    @Test
    void everyFaultKindIsReadAndPlaysTheOperationOfItsName() throws Exception {
        assertEquals(FaultKind.yamlNames(), List.copyOf(FAULT_EXAMPLES.keySet()), "one example per fault kind");
        String faults = String.join("\n", FAULT_EXAMPLES.values().stream().map(fault -> "- " + fault).toList());
        List<FaultSpec> read = files.onlyVariant(ScenarioFiles.MINIMAL + "faults:\n" + faults.indent(2)).faults();
        assertEquals(Arrays.asList(FaultKind.values()), read.stream().map(FaultSpec::kind).toList());
        for (FaultSpec fault : read) {
            Operation occurrence = fault.occurrence(fault.kind().perPod() ? "c1" : null, 1_000);
            assertEquals(fault.kind().yamlName(), Operations.of(occurrence).name());
        }
        assertEquals("crash {consumer: c2, every: constant(3600000ms), restartAfter: constant(30000ms)}", read.get(3).text());
        assertEquals("brokerFailure {broker: 1, every: constant(7200000ms), downtime: constant(30000ms)}", read.get(4).text());
    }

    /** "crash {consumer: c2}" → "crash: {consumer: c2}". */
    private static String asYaml(String text) {
        int space = text.indexOf(' ');
        return text.substring(0, space) + ":" + text.substring(space);
    }

    private Operation onlyOperation(String entry) throws ScenarioException {
        // A rollout needs a workload, createTopic a topic declared with created: false; the others mind neither.
        String withWorkload = ScenarioFiles.MINIMAL.replace("consumers: {count: 3}",
                "consumers: {count: 3, workload: {kind: Deployment}, subscribe: orders}")
                .replace("topics: [{name: orders, partitions: 6, rate: 10/s}]",
                        "topics: [{name: orders, partitions: 6, rate: 10/s}, {name: orders-eu, partitions: 2, created: false}]");
        Variant variant = files.onlyVariant(withWorkload + "timeline:\n  - {at: 1m, " + entry + "}\n");
        assertEquals(1, variant.timeline().size());
        return variant.timeline().get(0).operation();
    }
}
