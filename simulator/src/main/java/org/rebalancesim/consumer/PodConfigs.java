package org.rebalancesim.consumer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.scenario.PodConfigChange;

/**
 * The consumer configuration each pod's next process starts with: the scenario's ({@code consumers.config} and
 * {@code overrides}) until a {@code restart}, {@code rollingRestart} or {@code rollout} with {@code config:} changes
 * it, e.g. {@code {group.protocol: consumer}} in an online upgrade (docs/kafka-semantics.md §21). The change is taken
 * when the restart stops the pod (a rollout's when its controller starts the pod of the new revision): the process
 * still running keeps the configuration it was built with, and the next one gets the new. The simulation and
 * calibrate's real workers follow this one rule.
 */
public final class PodConfigs {

    private final ConsumersSpec consumers;
    /**
     * Looked up by pod only, never iterated. Concurrent because calibrate writes it on its scheduler's thread and
     * reads it where it launches workers; the simulation has one thread.
     */
    private final Map<String, ConsumerConfig> changed = new ConcurrentHashMap<>();

    public PodConfigs(ConsumersSpec consumers) {
        this.consumers = consumers;
    }

    /** The configuration {@code pod}'s next process uses (a Kafka Streams thread's is its pod's). */
    public ConsumerConfig of(String pod) {
        ConsumerConfig config = changed.get(pod);
        return config != null ? config : consumers.configOf(pod);
    }

    /** Takes a restart's {@code change} for {@code pod}'s later processes; a change that does not select the pod leaves it. */
    public void restartWith(PodConfigChange change, String pod) {
        ConsumerConfig config = change.of(pod);
        if (config != null) {
            changed.put(pod, config);
        }
    }
}
