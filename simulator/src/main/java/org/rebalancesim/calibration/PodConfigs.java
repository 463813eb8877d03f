package org.rebalancesim.calibration;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.scenario.PodConfigChange;

/**
 * Each pod's consumer configuration for its next process: {@code consumers.configOf(pod)} until a
 * {@code restart} or {@code rollingRestart} with {@code config:} changes it (e.g. {group.protocol: consumer},
 * an online upgrade, docs/kafka-semantics.md §21). The change is taken when the restart stops the pod, so the
 * process still running keeps its own settings and the one launched after the downtime gets the new ones.
 */
final class PodConfigs {

    private final ConsumersSpec consumers;
    /** Looked up by pod only, never iterated; written on the scheduler's thread, read where workers launch. */
    private final Map<String, ConsumerConfig> changed = new ConcurrentHashMap<>();

    PodConfigs(ConsumersSpec consumers) {
        this.consumers = consumers;
    }

    /** The configuration {@code pod}'s next process is launched with. */
    ConsumerConfig of(String pod) {
        ConsumerConfig config = changed.get(pod);
        return config != null ? config : consumers.configOf(pod);
    }

    /** Takes {@code change} for {@code pod}'s later processes; a change that does not select the pod leaves it. */
    void restartWith(PodConfigChange change, String pod) {
        ConsumerConfig config = change.of(pod);
        if (config != null) {
            changed.put(pod, config);
        }
    }
}
