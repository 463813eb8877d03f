package org.rebalancesim.scenario;

import static org.rebalancesim.scenario.FieldText.broker;
import static org.rebalancesim.scenario.FieldText.fields;
import static org.rebalancesim.scenario.FieldText.length;
import static org.rebalancesim.scenario.FieldText.list;
import static org.rebalancesim.scenario.FieldText.pods;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The registry of timeline operations, one entry each, in the order the scenario format lists them
 * (the order of "needs one operation: ..."). An operation's effects are its {@link Operation.Visitor}
 * methods; everything else about it is its entry here. A record without an entry fails when this
 * class loads.
 */
public final class Operations {

    /** Read before the others: the pods it starts are numbered in time order. */
    static final OperationType<Operation.Start> START = new OperationType<>("start", Operation.Start.class,
            OperationParser::start, start -> fields(list("consumer", start.consumers())),
            (start, pods) -> 2.0 * start.consumers().size());

    private static final List<OperationType<?>> ALL = List.of(START,
            type("stop", Operation.Stop.class, OperationParser::stop,
                    stop -> fields(pods(stop.consumers())), (stop, pods) -> leaveAndJoin(stop.consumers(), pods)),
            type("crash", Operation.Crash.class, OperationParser::crash,
                    crash -> fields(pods(crash.consumers()), crash.restartAfterMs() < 0 ? null
                            : length("restartAfter", crash.restartAfterMs())),
                    (crash, pods) -> leaveAndJoin(crash.consumers(), pods)),
            type("restart", Operation.Restart.class, OperationParser::restart,
                    restart -> fields(pods(restart.consumers()), length("downtime", restart.downtimeMs()),
                            restart.config().text()),
                    (restart, pods) -> leaveAndJoin(restart.consumers(), pods)),
            type("rollingRestart", Operation.RollingRestart.class, OperationParser::rollingRestart,
                    rolling -> fields(pods(rolling.consumers()), length("interval", rolling.intervalMs()),
                            length("downtime", rolling.downtimeMs()), rolling.config().text()),
                    (rolling, pods) -> leaveAndJoin(rolling.consumers(), pods)),
            type("gcPause", Operation.GcPause.class, OperationParser::gcPause,
                    pause -> fields(pods(pause.consumers()), length("duration", pause.durationMs())), Operations::once),
            type("slowRecord", Operation.SlowRecord.class, OperationParser::slowRecord,
                    slow -> fields(slow.partition() == null ? pods(slow.consumers()) : "partition: " + slow.partition(),
                            length("duration", slow.durationMs()),
                            slow.slowness() == Slowness.RECORD ? null : "slowness: " + slow.slowness().key()),
                            Operations::once),
            type("networkPartition", Operation.NetworkPartition.class, OperationParser::networkPartition,
                    cut -> fields(pods(cut.consumers()), length("duration", cut.durationMs())), Operations::once),
            type("brokerFailure", Operation.BrokerFailure.class, OperationParser::brokerFailure,
                    failure -> fields(broker(failure.broker()), length("downtime", failure.downtimeMs())),
                    Operations::once),
            type("addPartitions", Operation.AddPartitions.class, OperationParser::addPartitions,
                    add -> fields("topic: " + add.topic(), "count: " + add.count()), Operations::once),
            type("createTopic", Operation.CreateTopic.class, OperationParser::createTopic,
                    create -> fields("topic: " + create.topic()), Operations::once),
            type("deleteTopic", Operation.DeleteTopic.class, OperationParser::deleteTopic,
                    delete -> fields("topic: " + delete.topic()), Operations::once),
            type("subscribe", Operation.Subscribe.class, OperationParser::subscribe,
                    subscribe -> fields(pods(subscribe.consumers()), subscribe.pattern() == null
                            ? list("topics", subscribe.topics())
                            : subscribe.pattern().key() + ": " + subscribe.pattern().regex()),
                    Operations::once),
            type("rollout", Operation.Rollout.class, OperationParser::rollout,
                    rollout -> fields(rollout.workload() == null ? null : "workload: " + rollout.workload(),
                            rollout.config().text()),
                    (rollout, pods) -> 2.0 * pods),
            type("drain", Operation.Drain.class, OperationParser::drain,
                    drain -> fields(pods(drain.consumers())), (drain, pods) -> leaveAndJoin(drain.consumers(), pods)),
            type("spotInterruption", Operation.SpotInterruption.class, OperationParser::spotInterruption,
                    spot -> fields(pods(spot.consumers()), length("notice", spot.noticeMs())),
                    (spot, pods) -> leaveAndJoin(spot.consumers(), pods)));

    /** The operations on a Kubernetes workload's pods: a scenario without consumers.workload cannot have them. */
    private static final java.util.Set<Class<?>> ON_A_WORKLOAD = java.util.Set.of(Operation.Rollout.class,
            Operation.Drain.class, Operation.SpotInterruption.class);

    private static final Map<String, OperationType<?>> BY_NAME = index(OperationType::name);
    private static final Map<Class<?>, OperationType<?>> BY_RECORD = index(OperationType::type);

    static {
        List<Class<?>> missing = Arrays.stream(Operation.class.getPermittedSubclasses())
                .filter(record -> !BY_RECORD.containsKey(record)).toList();
        if (!missing.isEmpty() || BY_RECORD.size() != ALL.size() || BY_NAME.size() != ALL.size()) {
            throw new IllegalStateException("every operation needs exactly one entry with its own name; missing: "
                    + missing);
        }
    }

    private Operations() {
    }

    private static <T extends Operation> OperationType<T> type(String name, Class<T> type, OperationType.Reader reader,
            Function<T, String> fields, OperationType.Triggers<T> triggers) {
        return new OperationType<>(name, type, reader, fields, triggers);
    }

    private static <K> Map<K, OperationType<?>> index(Function<OperationType<?>, K> key) {
        Map<K, OperationType<?>> index = new LinkedHashMap<>();
        ALL.forEach(type -> index.put(key.apply(type), type));
        return Map.copyOf(index);
    }

    /** Pods that leave and join again: each is a rebalance when it goes and one when it is back. */
    private static double leaveAndJoin(ConsumerSelector selector, int pods) {
        return 2.0 * selector.count(pods);
    }

    /** A pause, a cut, a failure or a metadata change: at most one rebalance. */
    private static double once(Operation operation, int pods) {
        return 1;
    }

    public static List<OperationType<?>> all() {
        return ALL;
    }

    /** The YAML names, in the registry's order. */
    public static List<String> names() {
        return ALL.stream().map(OperationType::name).toList();
    }

    /** The entry of a timeline entry's key; null if the key names no operation. */
    static OperationType<?> named(String name) {
        return BY_NAME.get(name);
    }

    public static OperationType<?> of(Operation operation) {
        return BY_RECORD.get(operation.getClass());
    }

    /** {@code crash {consumer: c2, restartAfter: 30s}}: the operation as the scenario file writes it. */
    public static String text(Operation operation) {
        return of(operation).text(operation);
    }

    /** Whether the operation acts through a Kubernetes workload (rollout, drain, spotInterruption). */
    public static boolean needsWorkload(Operation operation) {
        return ON_A_WORKLOAD.contains(operation.getClass());
    }

    public static double rebalanceTriggers(Operation operation, int pods) {
        return of(operation).rebalanceTriggers(operation, pods);
    }
}
