package org.rebalancesim.invariant;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generated scenarios for {@link GeneratedScenariosTest}: small groups (1 to 8 pods, up to two topics of
 * up to 24 partitions), every protocol (classic eager with range, roundrobin or sticky; cooperative;
 * the consumer protocol with uniform or range), static or dynamic members, Kafka's configs within the
 * broker's bounds, and a timeline of every kind of fault plus recurring ones. Short (20 s to 10 min of
 * simulated time) so that a try costs a fraction of a second. Every value shrinks towards the simplest.
 */
final class ScenarioArbitraries {

    static final List<String> PROTOCOLS = List.of("eager range", "eager roundrobin", "eager sticky", "cooperative",
            "consumer uniform", "consumer range");

    private ScenarioArbitraries() {
    }

    static Arbitrary<GeneratedScenario> scenarios() {
        Arbitrary<Long> seeds = Arbitraries.longs().between(1, 1_000_000);
        Arbitrary<Integer> durations = Arbitraries.integers().between(20, 600);
        Arbitrary<Integer> brokers = Arbitraries.integers().between(1, 3);
        return Combinators.combine(seeds, durations, brokers, topics(), group(), client())
                .as(Base::new)
                .flatMap(base -> Combinators.combine(operations(base).list().ofMaxSize(8)
                                        // Kafka only grows a topic: one addPartitions per scenario keeps that simple.
                                        .filter(ops -> ops.stream().filter(op -> op.contains("addPartitions")).count() <= 1),
                                faults(base).list().ofMaxSize(3))
                        .as((ops, faults) -> new GeneratedScenario(base.seed, base.durationSeconds, base.brokers,
                                base.topics, base.group, base.client, ops, faults)));
    }

    private record Base(long seed, int durationSeconds, int brokers, GeneratedScenario.Topics topics,
                        GeneratedScenario.Group group, GeneratedScenario.Client client) {
    }

    private static Arbitrary<GeneratedScenario.Topics> topics() {
        return Combinators.combine(Arbitraries.integers().between(1, 24), Arbitraries.integers().between(0, 600),
                        Arbitraries.integers().between(0, 8), Arbitraries.integers().between(0, 200))
                .as(GeneratedScenario.Topics::new);
    }

    private static Arbitrary<GeneratedScenario.Group> group() {
        Arbitrary<String> processing = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 5).map(ms -> "{constant: " + ms + "ms}"),
                Arbitraries.integers().between(1, 5).map(ms -> "{exponential: {mean: " + ms + "ms}}"),
                Arbitraries.integers().between(1, 4).map(ms -> "{lognormal: {median: " + ms + "ms, p99: "
                        + (ms * 20) + "ms}}"));
        return Combinators.combine(Arbitraries.integers().between(1, 8), Arbitraries.integers().between(0, 3000),
                        Arbitraries.integers().between(0, 5000), processing)
                .as(GeneratedScenario.Group::new);
    }

    private static Arbitrary<GeneratedScenario.Client> client() {
        Arbitrary<Integer> sessions = Arbitraries.integers().between(6_000, 45_000);
        return Combinators.combine(Arbitraries.of(PROTOCOLS), Arbitraries.of(false, true), sessions,
                        Arbitraries.integers().between(3, 10), Arbitraries.integers().between(5_000, 300_000),
                        Arbitraries.integers().between(1, 500), Arbitraries.of(true, false))
                .as((protocol, isStatic, session, heartbeatDivisor, maxPoll, records, autoCommit) ->
                        new GeneratedScenario.Client(protocol, isStatic, session, Math.max(1, session / heartbeatDivisor),
                                maxPoll, records, autoCommit));
    }

    /** One timeline entry at a time strictly inside the run. */
    private static Arbitrary<String> operations(Base base) {
        Arbitrary<Integer> at = Arbitraries.integers().between(1, base.durationSeconds - 1);
        Arbitrary<String> pod = Arbitraries.integers().between(1, base.group.consumers()).map(i -> "c" + i);
        Arbitrary<String> podOrAll = Arbitraries.oneOf(pod, Arbitraries.just("all"));
        Arbitrary<Integer> seconds = Arbitraries.integers().between(1, 60);
        Arbitrary<String> broker = Arbitraries.oneOf(Arbitraries.just("coordinator"),
                Arbitraries.integers().between(0, base.brokers - 1).map(String::valueOf));
        Arbitrary<String> kind = Arbitraries.oneOf(
                Combinators.combine(pod, Arbitraries.integers().between(-1, 60))
                        .as((p, restart) -> "crash: {consumer: " + p + (restart < 0 ? "" : ", restartAfter: " + restart + "s") + "}"),
                Combinators.combine(podOrAll, Arbitraries.integers().between(1, 40))
                        .as((p, s) -> "gcPause: {consumer: " + p + ", duration: " + s + "s}"),
                Combinators.combine(pod, Arbitraries.integers().between(1, 400))
                        .as((p, s) -> "slowRecord: {consumer: " + p + ", duration: " + s + "s}"),
                Combinators.combine(Arbitraries.integers().between(0, base.topics.partitions() - 1),
                                Arbitraries.integers().between(1, 400))
                        .as((p, s) -> "slowRecord: {partition: t1-" + p + ", duration: " + s + "s}"),
                Combinators.combine(podOrAll, seconds).as((p, s) -> "networkPartition: {consumer: " + p + ", duration: " + s + "s}"),
                Combinators.combine(pod, Arbitraries.integers().between(0, 30))
                        .as((p, s) -> "restart: {consumer: " + p + ", downtime: " + s + "s}"),
                Combinators.combine(Arbitraries.integers().between(5, 60), Arbitraries.integers().between(0, 20))
                        .as((interval, down) -> "rollingRestart: {interval: " + interval + "s, downtime: " + down + "s}"),
                Arbitraries.integers().between(1, 2).map(n -> "start: {count: " + n + "}"),
                pod.map(p -> "stop: {consumer: " + p + "}"),
                Combinators.combine(broker, seconds).as((b, s) -> "brokerFailure: {broker: " + b + ", downtime: " + s + "s}"),
                Arbitraries.integers().between(1, 8)
                        .map(more -> "addPartitions: {topic: t1, count: " + (base.topics.partitions() + more) + "}"));
        return Combinators.combine(at, kind).as((t, body) -> "{at: " + t + "s, " + body + "}");
    }

    /** A recurring fault: on average every 30 s to 3 min. */
    private static Arbitrary<String> faults(Base base) {
        Arbitrary<String> every = Arbitraries.integers().between(30, 180).map(s -> "{exponential: {mean: " + s + "s}}");
        Arbitrary<String> length = Arbitraries.integers().between(1, 30).map(s -> "{uniform: {min: 1s, max: " + (s + 1) + "s}}");
        Arbitrary<String> pod = Arbitraries.integers().between(1, base.group.consumers()).map(i -> "c" + i);
        return Arbitraries.oneOf(
                Combinators.combine(every, length).as((e, d) -> "{gcPause: {consumer: all, every: " + e + ", duration: " + d + "}}"),
                Combinators.combine(every, length).as((e, d) -> "{networkPartition: {consumer: all, every: " + e + ", duration: " + d + "}}"),
                Combinators.combine(every, length).as((e, d) -> "{slowRecord: {consumer: all, every: " + e + ", duration: " + d + "}}"),
                Combinators.combine(pod, every, length).as((p, e, d) -> "{crash: {consumer: " + p + ", every: " + e + ", restartAfter: " + d + "}}"),
                Combinators.combine(every, length).as((e, d) -> "{brokerFailure: {every: " + e + ", duration: " + d + "}}"));
    }
}
