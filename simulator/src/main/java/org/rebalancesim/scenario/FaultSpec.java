package org.rebalancesim.scenario;

import java.util.List;

/**
 * A recurring random fault under {@code faults:}. Every targeted pod (or the broker) gets its own
 * independent arrival process: the gaps between faults are drawn from {@code every}.
 *
 * @param kind      the fault's entry in the {@link FaultKind} registry
 * @param consumers the targeted pods (ignored when the kind has one target, a broker)
 * @param broker    for brokerFailure: the broker id, -1 for the coordinator
 * @param every     time between two faults of one target
 * @param duration  the fault's length (pause, slow record, partition, broker downtime, or for a crash
 *                  the time until the restart; null for a crash without restart)
 */
public record FaultSpec(FaultKind kind, ConsumerSelector consumers, int broker, Distribution every,
                        Distribution duration) {

    /** The targeted pods of a scenario that ever starts {@code allPods}; unused when not {@link FaultKind#perPod}. */
    public List<String> targetPods(List<String> allPods) {
        return consumers.among(allPods);
    }

    /** How many arrival processes the fault has in a scenario that ever starts {@code pods} pods. */
    public int targetCount(int pods) {
        return kind.perPod() ? consumers.count(pods) : 1;
    }

    /**
     * The timeline operation one occurrence plays.
     *
     * @param pod        the target pod, null when the kind has one target
     * @param durationMs the drawn length, -1 for a crash without restart
     */
    public Operation occurrence(String pod, long durationMs) {
        ConsumerSelector target = pod == null ? ConsumerSelector.allPods() : ConsumerSelector.of(List.of(pod));
        return kind.occurrence(this, target, durationMs);
    }

    /** {@code gcPause {consumer: all, every: exponential(mean 10m), duration: 2s}}: as the scenario file writes it. */
    public String text() {
        String target = kind.perPod() ? FieldText.pods(consumers) : FieldText.broker(broker);
        return kind.yamlName() + " " + FieldText.fields(target, "every: " + every.describe(),
                duration == null ? null : kind.lengthKey() + ": " + duration.describe());
    }
}
