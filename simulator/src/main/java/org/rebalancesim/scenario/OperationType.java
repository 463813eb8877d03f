package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/**
 * One timeline operation's entry in {@link Operations}: its YAML name, its record, how its body is
 * read, how it is written back in the scenario file's own words, and how many rebalances it
 * triggers (the event budget's estimate).
 *
 * @param <T> the operation's record
 */
public final class OperationType<T extends Operation> {

    /** Reads the body under the operation's name; null if invalid (the problems are recorded). */
    @FunctionalInterface
    interface Reader {
        Operation read(OperationParser parser, JsonNode body, YamlPath path);
    }

    /** Rebalances an operation triggers when the scenario ever starts {@code pods} pods. */
    @FunctionalInterface
    interface Triggers<T> {
        double of(T operation, int pods);
    }

    private final String name;
    private final Class<T> type;
    private final Reader reader;
    private final Function<T, String> fields;
    private final Triggers<T> triggers;

    OperationType(String name, Class<T> type, Reader reader, Function<T, String> fields, Triggers<T> triggers) {
        this.name = name;
        this.type = type;
        this.reader = reader;
        this.fields = fields;
        this.triggers = triggers;
    }

    /** The key of a timeline entry, e.g. {@code crash}. */
    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    Operation read(OperationParser parser, JsonNode body, YamlPath path) {
        return reader.read(parser, body, path);
    }

    /** {@code crash {consumer: c2, restartAfter: 30s}}. */
    public String text(Operation operation) {
        return name + " " + fields.apply(type.cast(operation));
    }

    /** See {@code run/EventBudget}: 2 per pod that leaves or joins, 1 for an operation that touches the group once. */
    public double rebalanceTriggers(Operation operation, int pods) {
        return triggers.of(type.cast(operation), pods);
    }
}
