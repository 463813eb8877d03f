package org.rebalancesim.kubernetes.autoscaling;

import java.util.List;
import java.util.OptionalInt;

/**
 * One poll of a ScaledObject.
 *
 * @param active         whether any trigger was active
 * @param action         what RequestScale did
 * @param targetReplicas the replica count KEDA wrote to the scale target, if it wrote one
 * @param readings       each trigger's reading, in the order of the triggers
 */
public record ScaledObjectPoll(boolean active, ScaleAction action, OptionalInt targetReplicas,
                               List<KafkaScalerReading> readings) {

    public ScaledObjectPoll {
        readings = List.copyOf(readings);
    }
}
