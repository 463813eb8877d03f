package org.rebalancesim.invariant;

/**
 * Every kind of timeline entry the generator writes, with what it targets, the range of its amount
 * (a duration, a downtime, a count) and its YAML body. Adding a timeline operation to the scenario format
 * means one more constant here, so that generated scenarios cover it.
 */
enum TimelineKind {
    /** amount -1: no restart. */
    CRASH(Target.POD, -1, 60, (target, amount, partitions) ->
            "crash: {consumer: " + target + (amount < 0 ? "" : ", restartAfter: " + amount + "s") + "}"),
    GC_PAUSE(Target.POD_OR_ALL, 1, 40, (target, amount, partitions) ->
            "gcPause: {consumer: " + target + ", duration: " + amount + "s}"),
    SLOW_RECORD_OF_CONSUMER(Target.POD, 1, 400, (target, amount, partitions) ->
            "slowRecord: {consumer: " + target + ", duration: " + amount + "s}"),
    SLOW_RECORD_OF_PARTITION(Target.PARTITION, 1, 400, (target, amount, partitions) ->
            "slowRecord: {partition: " + target + ", duration: " + amount + "s}"),
    NETWORK_PARTITION(Target.POD_OR_ALL, 1, 60, (target, amount, partitions) ->
            "networkPartition: {consumer: " + target + ", duration: " + amount + "s}"),
    RESTART(Target.POD, 0, 30, (target, amount, partitions) ->
            "restart: {consumer: " + target + ", downtime: " + amount + "s}"),
    /** target: the interval in seconds. */
    ROLLING_RESTART(Target.INTERVAL, 0, 20, (target, amount, partitions) ->
            "rollingRestart: {interval: " + target + "s, downtime: " + amount + "s}"),
    START(Target.NONE, 1, 2, (target, amount, partitions) -> "start: {count: " + amount + "}"),
    STOP(Target.POD, 0, 0, (target, amount, partitions) -> "stop: {consumer: " + target + "}"),
    BROKER_FAILURE(Target.BROKER, 1, 60, (target, amount, partitions) ->
            "brokerFailure: {broker: " + target + ", downtime: " + amount + "s}"),
    /** amount: partitions added to t1; Kafka only grows a topic, so a scenario has at most one. */
    ADD_PARTITIONS(Target.NONE, 1, 8, (target, amount, partitions) ->
            "addPartitions: {topic: t1, count: " + (partitions + amount) + "}"),
    /**
     * Creates t3, which a scenario with this entry declares absent ({@code created: false}) with
     * {@link #CREATED_TOPIC_PARTITIONS} partitions; a topic is created once, so a scenario has at most one.
     */
    CREATE_TOPIC(Target.NONE, 0, 0, (target, amount, partitions) -> "createTopic: {topic: t3}"),
    /**
     * Deletes t4, which a scenario with this entry declares with {@link #DELETED_TOPIC_PARTITIONS} partitions; a topic
     * is deleted once, so a scenario has at most one.
     */
    DELETE_TOPIC(Target.NONE, 0, 0, (target, amount, partitions) -> "deleteTopic: {topic: t4}"),
    /** Only in a scenario with a workload (GeneratedScenario leaves it out otherwise), as the next two. */
    ROLLOUT(Target.NONE, 0, 0, (target, amount, partitions) -> "rollout: {}"),
    DRAIN(Target.POD_OR_ALL, 0, 0, (target, amount, partitions) -> "drain: {consumer: " + target + "}"),
    /** amount: the notice in seconds. */
    SPOT_INTERRUPTION(Target.POD, 0, 120, (target, amount, partitions) ->
            "spotInterruption: {consumer: " + target + ", notice: " + amount + "s}");

    static final int CREATED_TOPIC_PARTITIONS = 3;
    static final int DELETED_TOPIC_PARTITIONS = 2;

    /** Whether the entry acts on a Kubernetes workload's pods, so a scenario needs one to have it. */
    boolean needsWorkload() {
        return this == ROLLOUT || this == DRAIN || this == SPOT_INTERRUPTION;
    }

    /** An entry's YAML after "at: ..., ", from its target's text, its amount and t1's partitions. */
    @FunctionalInterface
    interface Body {
        String text(String target, int amount, int partitions);
    }

    /** What an entry's target number means, and its range in a given scenario. */
    enum Target {
        /** c1 .. cN. */
        POD,
        /** 0: all, else c1 .. cN. */
        POD_OR_ALL,
        /** t1-0 .. t1-(P-1). */
        PARTITION,
        /** -1: the group's coordinator, else a broker id 0 .. B-1. */
        BROKER,
        /** a rolling restart's interval, 5 s to 60 s. */
        INTERVAL,
        NONE;

        int min() {
            return switch (this) {
                case POD -> 1;
                case BROKER -> -1;
                case INTERVAL -> 5;
                default -> 0;
            };
        }

        /** The largest target that exists in a scenario of this many pods, partitions and brokers. */
        int max(int consumers, int partitions, int brokers) {
            return switch (this) {
                case POD, POD_OR_ALL -> consumers;
                case PARTITION -> partitions - 1;
                case BROKER -> brokers - 1;
                case INTERVAL -> 60;
                case NONE -> 0;
            };
        }

        String text(int target) {
            return switch (this) {
                case POD -> "c" + target;
                case POD_OR_ALL -> target == 0 ? "all" : "c" + target;
                case PARTITION -> "t1-" + target;
                case BROKER -> target < 0 ? "coordinator" : String.valueOf(target);
                case INTERVAL -> String.valueOf(target);
                case NONE -> "";
            };
        }
    }

    private final Target target;
    private final int minAmount;
    private final int maxAmount;
    private final Body body;

    TimelineKind(Target target, int minAmount, int maxAmount, Body body) {
        this.target = target;
        this.minAmount = minAmount;
        this.maxAmount = maxAmount;
        this.body = body;
    }

    Target target() {
        return target;
    }

    /** The operation's name in the scenario format: what its YAML starts with. */
    String operationName() {
        String yaml = body.text("c1", minAmount, 1);
        return yaml.substring(0, yaml.indexOf(':'));
    }

    int minAmount() {
        return minAmount;
    }

    int maxAmount() {
        return maxAmount;
    }

    /** The entry's YAML after "at: ..., ", e.g. "crash: {consumer: c2}". */
    String body(String target, int amount, int partitions) {
        return body.text(target, amount, partitions);
    }
}
