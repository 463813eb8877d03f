package org.rebalancesim.scenario;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The group's pods.
 *
 * @param initial     pods started at the beginning (names in start order)
 * @param all         every pod name the scenario ever uses: the initial ones, then those added by
 *                    {@code start} operations, in order of appearance
 * @param config      the consumer configuration shared by all pods
 * @param subscribe   topics the pods subscribe to at start (default: every topic of the scenario)
 * @param processing  per-record processing time in ms
 * @param startup     pod start-up spread and JVM start time
 * @param overrides   pods whose configuration differs (consumers.overrides), fully resolved
 * @param streams     the Kafka Streams application the pods run (consumers.app: streams), or null for
 *                    plain consumers
 */
public record ConsumersSpec(List<String> initial, List<String> all, ConsumerConfig config,
                            List<String> subscribe, Distribution processing, StartupSpec startup,
                            Map<String, ConsumerConfig> overrides, StreamsApp streams) {

    /** The same pods and configs, started and stopped as {@code newStartup} says. */
    public ConsumersSpec withStartup(StartupSpec newStartup) {
        return new ConsumersSpec(initial, all, config, subscribe, processing, newStartup, overrides, streams);
    }

    public ConsumersSpec {
        initial = List.copyOf(initial);
        all = List.copyOf(all);
        subscribe = List.copyOf(subscribe);
        overrides = Collections.unmodifiableMap(new TreeMap<>(overrides));
    }

    /** Whether the pods are Kafka Streams instances. */
    public boolean isStreams() {
        return streams != null;
    }

    /**
     * Whether the pod's close() sends a LeaveGroup: a dynamic consumer's does, a static one's does not; a
     * Kafka Streams instance's, dynamic or static, only with CloseOptions LEAVE_GROUP (docs/kafka-semantics.md
     * §19).
     */
    public boolean leavesGroupOnClose(String pod) {
        return isStreams() ? streams.leaveGroupOnClose() : !configOf(pod).isStatic();
    }

    /** The configuration of one pod: its override, or the shared one. */
    public ConsumerConfig configOf(String pod) {
        return overrides.getOrDefault(pod, config);
    }
}
