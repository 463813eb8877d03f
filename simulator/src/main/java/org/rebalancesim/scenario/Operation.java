package org.rebalancesim.scenario;

import java.util.List;

/** A timeline operation or fault (scenario-format.md, "Timeline operations"). */
public sealed interface Operation {

    /** New pods join the group (scale-up). */
    record Start(List<String> consumers) implements Operation {
        public Start {
            consumers = List.copyOf(consumers);
        }
    }

    /** Graceful shutdown: close() (a dynamic member sends LeaveGroup). */
    record Stop(ConsumerSelector consumers) implements Operation {
    }

    /** The process dies; no LeaveGroup. {@code restartAfterMs} is -1 for no restart. */
    record Crash(ConsumerSelector consumers, long restartAfterMs) implements Operation {
    }

    /** Graceful stop, then a start of the same pod after {@code downtimeMs}. */
    record Restart(ConsumerSelector consumers, long downtimeMs) implements Operation {
    }

    /** Restarts each selected pod in order, one every {@code intervalMs}. */
    record RollingRestart(ConsumerSelector consumers, long intervalMs, long downtimeMs) implements Operation {
    }

    /** The whole JVM stops: processing and heartbeat thread. */
    record GcPause(ConsumerSelector consumers, long durationMs) implements Operation {
    }

    /**
     * The next record the consumer processes (or, with {@code partition}, the next record of that
     * partition, e.g. "orders-3") takes {@code durationMs}. {@code partition} is null when not set.
     */
    record SlowRecord(ConsumerSelector consumers, String partition, long durationMs) implements Operation {
    }

    /** Requests between the consumers and the brokers are lost. */
    record NetworkPartition(ConsumerSelector consumers, long durationMs) implements Operation {
    }

    /** A broker goes down for {@code downtimeMs}; {@code broker} is -1 for "the group's coordinator". */
    record BrokerFailure(int broker, long downtimeMs) implements Operation {
        public boolean isCoordinator() {
            return broker < 0;
        }
    }

    /** The topic's partition count grows to {@code count}. */
    record AddPartitions(String topic, int count) implements Operation {
    }

    /** The consumers' subscription becomes {@code topics}. */
    record Subscribe(ConsumerSelector consumers, List<String> topics) implements Operation {
        public Subscribe {
            topics = List.copyOf(topics);
        }
    }
}
