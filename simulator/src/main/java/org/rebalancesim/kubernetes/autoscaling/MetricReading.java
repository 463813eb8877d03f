package org.rebalancesim.kubernetes.autoscaling;

import java.util.List;

/**
 * What the HPA reads for one of its metrics at a sync, in the order of {@code spec.metrics}.
 */
public sealed interface MetricReading {

    /** The external metrics API's value (for KEDA, a query of KEDA's metrics server), in milli-units. */
    record External(long valueMilli) implements MetricReading {
    }

    /** The resource metrics API's cpu samples of the scale target's pods, every pod listed. */
    record Cpu(List<PodCpuSample> pods) implements MetricReading {
        public Cpu {
            pods = List.copyOf(pods);
        }
    }

    /** The metric could not be read (the metrics API failed): this metric gives no replica count. */
    record Unavailable() implements MetricReading {
    }
}
