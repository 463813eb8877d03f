package org.rebalancesim.invariant;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;

/**
 * Makes up scenarios for {@link GeneratedScenariosTest}: small groups (1 to 8 pods, up to two topics of up
 * to 24 partitions), every protocol (classic eager with range, roundrobin or sticky; cooperative; the
 * consumer protocol with uniform or range; a group mid-upgrade, one consumer-protocol pod among cooperative
 * ones; Kafka Streams on the classic protocol and on KIP-1071 streams
 * groups), static or dynamic members, Kafka's configs within the broker's bounds, a timeline of up to 8
 * entries of every {@link TimelineKind} and up to 3 recurring faults of every {@link RecurringFault.Kind}.
 * Short (20 s to 10 min of simulated time) so that a case costs a fraction of a second. A scenario is a
 * function of its case seed alone, drawn from the engine's {@link Rng} streams.
 */
final class ScenarioGenerator {

    static final List<String> PROTOCOLS = List.of("eager range", "eager roundrobin", "eager sticky", "cooperative",
            "consumer uniform", "consumer range", "mixed cooperative", "streams stateless", "streams stateful", "streams-group stateless",
            "streams-group stateful");
    static final int MAX_OPERATIONS = 8;
    static final int MAX_FAULTS = 3;
    /** One number in this many is a bound of its range: edges find more bugs than the middle. */
    private static final int EDGE_ONE_IN = 8;

    private final RandomGenerator random;

    private ScenarioGenerator(RandomGenerator random) {
        this.random = random;
    }

    /** The seed of case {@code index} of a run with this root seed. */
    static long caseSeed(long rootSeed, int index) {
        return Rng.stream(rootSeed, "generated-scenario:" + index).nextLong();
    }

    static GeneratedScenario generate(long caseSeed) {
        return new ScenarioGenerator(Rng.stream(caseSeed, "scenario")).scenario();
    }

    private GeneratedScenario scenario() {
        long seed = 1 + random.nextInt(1_000_000);
        Map<Knob, Integer> knobs = new EnumMap<>(Knob.class);
        for (Knob knob : Knob.values()) {
            knobs.put(knob, between(knob.min(), knob.max()));
        }
        String protocol = PROTOCOLS.get(random.nextInt(PROTOCOLS.size()));
        boolean isStatic = random.nextBoolean();
        boolean autoCommit = random.nextBoolean();
        GeneratedScenario.Processing.Shape shape = oneOf(GeneratedScenario.Processing.Shape.values());
        GeneratedScenario.Processing processing = new GeneratedScenario.Processing(shape, between(shape.minMs, shape.maxMs));
        return new GeneratedScenario(seed, protocol, isStatic, autoCommit, processing, knobs,
                operations(knobs, GeneratedScenario.isStreams(protocol)), faults(knobs.get(Knob.CONSUMERS)));
    }

    /** @param streams a Kafka Streams application's source topics keep their partitions (the model refuses more) */
    private List<TimelineEntry> operations(Map<Knob, Integer> knobs, boolean streams) {
        int count = random.nextInt(MAX_OPERATIONS + 1);
        List<TimelineEntry> operations = new ArrayList<>();
        boolean grown = streams;
        // A Kafka Streams application reads the topics of its topology only: a created or deleted topic is for plain
        // groups.
        boolean created = streams;
        boolean deleted = streams;
        while (operations.size() < count) {
            TimelineKind kind = oneOf(TimelineKind.values());
            // Kafka only grows a topic: one addPartitions per scenario keeps that simple.
            if (kind == TimelineKind.ADD_PARTITIONS && grown || kind == TimelineKind.CREATE_TOPIC && created
                    || kind == TimelineKind.DELETE_TOPIC && deleted
                    || kind.needsWorkload() && knobs.get(Knob.WORKLOAD) == 0) {
                continue;
            }
            grown |= kind == TimelineKind.ADD_PARTITIONS;
            created |= kind == TimelineKind.CREATE_TOPIC;
            deleted |= kind == TimelineKind.DELETE_TOPIC;
            int at = between(1, knobs.get(Knob.DURATION_S) - 1);
            operations.add(new TimelineEntry(at, kind, target(kind.target(), knobs),
                    between(kind.minAmount(), kind.maxAmount())));
        }
        return operations;
    }

    /** Half of the entries that may hit everything (all pods, the coordinator) do. */
    private int target(TimelineKind.Target target, Map<Knob, Integer> knobs) {
        int max = target.max(knobs.get(Knob.CONSUMERS), knobs.get(Knob.PARTITIONS), knobs.get(Knob.BROKERS));
        return switch (target) {
            case POD_OR_ALL, BROKER -> random.nextBoolean() ? target.min() : between(target.min() + 1, max);
            default -> between(target.min(), max);
        };
    }

    private List<RecurringFault> faults(int consumers) {
        int count = random.nextInt(MAX_FAULTS + 1);
        List<RecurringFault> faults = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RecurringFault.Kind kind = oneOf(RecurringFault.Kind.values());
            int pod = kind.hitsOnePod() ? between(1, consumers) : 0;
            faults.add(new RecurringFault(kind, pod,
                    between(RecurringFault.MIN_EVERY_SECONDS, RecurringFault.MAX_EVERY_SECONDS),
                    between(RecurringFault.MIN_LENGTH_SECONDS, RecurringFault.MAX_LENGTH_SECONDS)));
        }
        return faults;
    }

    /**
     * A number in [min, max]: one of the bounds one time in {@link #EDGE_ONE_IN}, else log-uniform above
     * {@code min} three times in four (small values are cheap to run, so most scenarios are short and the
     * run tries many of them), else uniform.
     */
    private int between(int min, int max) {
        int range = max - min;
        if (random.nextInt(EDGE_ONE_IN) == 0) {
            return random.nextBoolean() ? min : max;
        }
        if (random.nextInt(4) != 0) {
            return min + Math.min(range, (int) Math.floor(Math.pow(range + 1.0, random.nextDouble())) - 1);
        }
        return min + random.nextInt(range + 1);
    }

    private <T> T oneOf(T[] values) {
        return values[random.nextInt(values.length)];
    }
}
