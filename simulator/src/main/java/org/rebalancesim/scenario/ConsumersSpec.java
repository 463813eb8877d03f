package org.rebalancesim.scenario;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.scenario.autoscaling.AutoscalerSpec;
import org.rebalancesim.metrics.registry.RunKind;

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
 * @param workload    the Kubernetes workload the pods belong to (consumers.workload), or null for bare processes
 * @param autoscaler  the autoscaler that sets the workload's replicas (consumers.autoscaler), or null for none
 * @param listener    how long the application's rebalance callbacks take, per pod (consumers.listener)
 * @param commits     the application's own commits when auto-commit is off, per pod (consumers.application)
 * @param pattern     the pattern the pods subscribe with ({@code subscribe: {pattern: ...}} or {@code {regex: ...}}),
 *                    or null for a list of topics; with a pattern, {@code subscribe} is every declared topic it
 *                    matches (the topics the group may ever consume)
 * @param heartbeatLateness how long after its due time a classic member waiting inside poll() sends a heartbeat,
 *                    drawn per heartbeat (consumers.heartbeatLateness; docs/kafka-semantics.md §15)
 */
public record ConsumersSpec(List<String> initial, List<String> all, ConsumerConfig config,
                            List<String> subscribe, Distribution processing, StartupSpec startup,
                            Map<String, ConsumerConfig> overrides, StreamsApp streams, WorkloadSpec workload,
                            AutoscalerSpec autoscaler, PerPod<ListenerSpec.Callbacks> listener,
                            PerPod<ApplicationCommits> commits, TopicPattern pattern,
                            Distribution heartbeatLateness) {

    /** The same pods and configs, started and stopped as {@code newStartup} says. */
    public ConsumersSpec withStartup(StartupSpec newStartup) {
        return new ConsumersSpec(initial, all, config, subscribe, processing, newStartup, overrides, streams, workload,
                autoscaler, listener, commits, pattern, heartbeatLateness);
    }

    /** The same pods and configs, with every pod name in {@code pods}. */
    public ConsumersSpec withAllPods(List<String> pods) {
        return new ConsumersSpec(initial, pods, config, subscribe, processing, startup, overrides, streams, workload,
                autoscaler, listener, commits, pattern, heartbeatLateness);
    }

    /** Whether the kubelet starts a pod's container again after it exits (a workload's restartPolicy: Always). */
    public boolean restartedByKubelet() {
        return workload != null;
    }

    public ConsumersSpec {
        initial = List.copyOf(initial);
        all = List.copyOf(all);
        subscribe = List.copyOf(subscribe);
        overrides = Collections.unmodifiableMap(new TreeMap<>(overrides));
    }

    /** What the run is, for the metrics it reports. */
    public RunKind runKind() {
        return new RunKind(isStreams(), workload != null);
    }

    /** Whether the pods are Kafka Streams instances. */
    public boolean isStreams() {
        return streams != null;
    }

    /**
     * Whether the pod's close() takes its member out of the group at once (a LeaveGroup, or a leave heartbeat
     * with epoch -1): a dynamic consumer's does, a static one's does not (the consumer protocol's -2 keeps its
     * assignment). A Kafka Streams instance's on the classic protocol, dynamic or static, only with CloseOptions
     * LEAVE_GROUP; under the streams protocol (StreamsMembershipManager#leaveGroupEpoch) DEFAULT as a consumer's,
     * LEAVE_GROUP always, REMAIN_IN_GROUP never (docs/kafka-semantics.md §19, §27).
     */
    public boolean leavesGroupOnClose(String pod) {
        if (!isStreams()) {
            return !configOf(pod).isStatic();
        }
        if (!streams.streamsProtocol()) {
            return streams.leaveGroupOnClose();
        }
        return switch (streams.closeOperation()) {
            case DEFAULT -> !configOf(pod).isStatic();
            case LEAVE_GROUP -> true;
            case REMAIN_IN_GROUP -> false;
        };
    }

    /** The configuration of one pod: its override, or the shared one. */
    public ConsumerConfig configOf(String pod) {
        return overrides.getOrDefault(pod, config);
    }
}
