package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;

/**
 * The registry of recurring fault kinds under {@code faults:}, in the order the scenario format lists
 * them: each kind's YAML name, how its body is read, the key of its length, whether each pod has its
 * own arrival process or the kind has one target (a broker), and the timeline operation each
 * occurrence plays.
 */
public enum FaultKind {
    GC_PAUSE("gcPause", FaultParser::podFault, "duration", true,
            (fault, target, durationMs) -> new Operation.GcPause(target, durationMs)),
    SLOW_RECORD("slowRecord", FaultParser::podFault, "duration", true,
            (fault, target, durationMs) -> new Operation.SlowRecord(target, null, durationMs)),
    NETWORK_PARTITION("networkPartition", FaultParser::podFault, "duration", true,
            (fault, target, durationMs) -> new Operation.NetworkPartition(target, durationMs)),
    CRASH("crash", FaultParser::crash, "restartAfter", true,
            (fault, target, durationMs) -> new Operation.Crash(target, durationMs)),
    BROKER_FAILURE("brokerFailure", FaultParser::brokerFailure, "downtime", false,
            (fault, target, durationMs) -> new Operation.BrokerFailure(fault.broker(), durationMs));

    /** Reads the body under the kind's name; null if invalid (the problems are recorded). */
    @FunctionalInterface
    interface Reader {
        FaultSpec read(FaultParser parser, FaultKind kind, JsonNode body, YamlPath path);
    }

    /** The operation one occurrence plays; {@code durationMs} is -1 for a crash without restart. */
    @FunctionalInterface
    interface Occurrence {
        Operation of(FaultSpec fault, ConsumerSelector target, long durationMs);
    }

    private final String yamlName;
    private final Reader reader;
    private final String lengthKey;
    private final boolean perPod;
    private final Occurrence occurrence;

    FaultKind(String yamlName, Reader reader, String lengthKey, boolean perPod, Occurrence occurrence) {
        this.yamlName = yamlName;
        this.reader = reader;
        this.lengthKey = lengthKey;
        this.perPod = perPod;
        this.occurrence = occurrence;
    }

    /** The key under {@code faults:}, e.g. {@code gcPause}; also names the kind's random streams. */
    public String yamlName() {
        return yamlName;
    }

    /** True when each targeted pod has its own arrival process; false for one target (a broker). */
    public boolean perPod() {
        return perPod;
    }

    /** The key of the fault's length in the scenario file's text form. */
    String lengthKey() {
        return lengthKey;
    }

    FaultSpec read(FaultParser parser, JsonNode body, YamlPath path) {
        return reader.read(parser, this, body, path);
    }

    Operation occurrence(FaultSpec fault, ConsumerSelector target, long durationMs) {
        return occurrence.of(fault, target, durationMs);
    }

    /** The YAML names, in the registry's order. */
    static List<String> yamlNames() {
        return Arrays.stream(values()).map(FaultKind::yamlName).toList();
    }

    /** The kind a key under {@code faults:} names; null if none (the registry's name lookup). */
    static FaultKind named(String yamlName) {
        return Arrays.stream(values()).filter(kind -> kind.yamlName.equals(yamlName)).findFirst().orElse(null);
    }
}
