package org.rebalancesim.scenario;

import java.util.List;

/**
 * A timeline operation or fault (docs/scenario-format.md, "Timeline operations"). Each operation has one
 * entry in {@link Operations} (its YAML name, how it is read, written and budgeted) and reaches its
 * effects through {@link Visitor}: a new record must implement {@code accept}, so every visitor (the
 * simulator's player, the calibration replay, ...) fails to compile until it handles the new record.
 */
public sealed interface Operation {

    <R> R accept(Visitor<R> visitor);

    /** One method per operation: Java 17 has no exhaustive switch over a sealed interface. */
    interface Visitor<R> {
        R visit(Start start);

        R visit(Stop stop);

        R visit(Crash crash);

        R visit(Restart restart);

        R visit(RollingRestart rolling);

        R visit(GcPause pause);

        R visit(SlowRecord slow);

        R visit(NetworkPartition cut);

        R visit(BrokerFailure failure);

        R visit(AddPartitions add);

        R visit(Subscribe subscribe);

        R visit(CreateTopic create);

        R visit(DeleteTopic delete);

        R visit(Rollout rollout);

        R visit(Drain drain);

        R visit(SpotInterruption interruption);
    }

    /** New pods join the group (scale-up). */
    record Start(List<String> consumers) implements Operation {
        public Start {
            consumers = List.copyOf(consumers);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** Graceful shutdown: close() (a dynamic member sends LeaveGroup). */
    record Stop(ConsumerSelector consumers) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** The process dies; no LeaveGroup. {@code restartAfterMs} is -1 for no restart. */
    record Crash(ConsumerSelector consumers, long restartAfterMs) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * Graceful stop, then a start of the same pod after {@code downtimeMs}; the new process uses {@code config}
     * (e.g. another group.protocol) when it changes any.
     */
    record Restart(ConsumerSelector consumers, long downtimeMs, PodConfigChange config) implements Operation {
        public Restart(ConsumerSelector consumers, long downtimeMs) {
            this(consumers, downtimeMs, PodConfigChange.NONE);
        }

        /** The same restart with its config change resolved for its pods. */
        Restart withConfig(PodConfigChange resolved) {
            return new Restart(consumers, downtimeMs, resolved);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** Restarts each selected pod in order, one every {@code intervalMs}, each new process with {@code config}. */
    record RollingRestart(ConsumerSelector consumers, long intervalMs, long downtimeMs, PodConfigChange config)
            implements Operation {
        public RollingRestart(ConsumerSelector consumers, long intervalMs, long downtimeMs) {
            this(consumers, intervalMs, downtimeMs, PodConfigChange.NONE);
        }

        /** The same rolling restart with its config change resolved for its pods. */
        RollingRestart withConfig(PodConfigChange resolved) {
            return new RollingRestart(consumers, intervalMs, downtimeMs, resolved);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** The whole JVM stops: processing and heartbeat thread. */
    record GcPause(ConsumerSelector consumers, long durationMs) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * The next record the consumer processes (or, with {@code partition}, the next record of that
     * partition, e.g. "orders-3") takes {@code durationMs}. {@code partition} is null when not set.
     * {@code slowness} says whether that stays a property of the record or of that one attempt.
     */
    record SlowRecord(ConsumerSelector consumers, String partition, long durationMs, Slowness slowness)
            implements Operation {

        /** A slow record whose slowness belongs to the record (a poison pill). */
        public SlowRecord(ConsumerSelector consumers, String partition, long durationMs) {
            this(consumers, partition, durationMs, Slowness.RECORD);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** Requests between the consumers and the brokers are lost. */
    record NetworkPartition(ConsumerSelector consumers, long durationMs) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** A broker goes down for {@code downtimeMs}; {@code broker} is -1 for "the group's coordinator". */
    record BrokerFailure(int broker, long downtimeMs) implements Operation {
        public boolean isCoordinator() {
            return broker < 0;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** The topic's partition count grows to {@code count}. */
    record AddPartitions(String topic, int count) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /** A topic declared with {@code created: false} is created, with its declared partitions and rate. */
    record CreateTopic(String topic) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * A topic is deleted: its partitions and the records in them are gone (docs/kafka-semantics.md §16). Kafka would
     * give a topic created again under the name a new topic id; a scenario deletes a topic once and never re-creates it.
     */
    record DeleteTopic(String topic) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * The consumers' subscription becomes {@code topics}, or follows {@code pattern} (subscribe(Pattern) or
     * subscribe(SubscriptionPattern), which replaces the subscription: docs/kafka-semantics.md §28).
     *
     * @param topics  the new topics; with a pattern, the declared topics it matches (the topics the group may consume)
     * @param pattern the pattern or regex, or null for a subscription to {@code topics}
     */
    record Subscribe(ConsumerSelector consumers, List<String> topics, TopicPattern pattern) implements Operation {
        public Subscribe {
            topics = List.copyOf(topics);
        }

        /** A subscription to topic names. */
        public Subscribe(ConsumerSelector consumers, List<String> topics) {
            this(consumers, topics, null);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * The workload's pod template changes (a new image, a new config): its controller replaces every pod as its
     * rollout strategy says (docs/kubernetes.md §3, §4). {@code workload} is the workload's name, null when the entry
     * names none. {@code config} is the new template's consumer configs, which every pod of the new revision starts
     * with (e.g. {@code group.protocol: consumer}: an online upgrade pod by pod, docs/kafka-semantics.md §21).
     */
    record Rollout(String workload, PodConfigChange config) implements Operation {
        public Rollout(String workload) {
            this(workload, PodConfigChange.NONE);
        }

        /** The same rollout with its config change resolved for the workload's pods. */
        Rollout withConfig(PodConfigChange resolved) {
            return new Rollout(workload, resolved);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * {@code kubectl drain} of the node the pods run on: each is evicted through the Eviction API, which the
     * workload's PodDisruptionBudget may refuse for a while (docs/kubernetes.md §5); its controller replaces it.
     */
    record Drain(ConsumerSelector consumers) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }

    /**
     * A spot or preemptible node reclaimed: its pods are drained at the notice, and whatever still runs on it
     * {@code noticeMs} later dies with the node (docs/kubernetes.md §5).
     */
    record SpotInterruption(ConsumerSelector consumers, long noticeMs) implements Operation {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }
    }
}
