package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * One metric's replica count against replica_calculator.go (kubernetes v1.34):
 * GetExternalPerPodMetricReplicas, GetResourceReplicas and metrics/utilization.go
 * GetResourceUtilizationRatio, with the default tolerance 0.1 both ways.
 */
class HpaReplicaCalculatorTest {

    private static final Tolerances DEFAULT = new Tolerances(0.1, 0.1);

    private static int external(int statusReplicas, long usage, long targetPerPod) {
        return ReplicaCalculator.externalPerPodReplicas(statusReplicas, usage * 1000, targetPerPod * 1000, DEFAULT);
    }

    @Test
    void anExternalAverageValueWithinTheToleranceKeepsTheReplicas() {
        // 10 replicas at 10 each: a total of 105 is a ratio of 1.05, within 1 ± 0.1; 110 is exactly 1.1, and
        // isWithin includes its bounds; 111 is 1.11, so ceil(111 / 10) = 12.
        assertEquals(10, external(10, 105, 10));
        assertEquals(10, external(10, 110, 10));
        assertEquals(12, external(10, 111, 10));
        // 85 is 0.85 < 0.9: ceil(8.5) = 9. 0 is 0: ceil(0) = 0 (minReplicas is applied later).
        assertEquals(9, external(10, 85, 10));
        assertEquals(0, external(10, 0, 10));
    }

    @Test
    void anExternalAverageValueIsTheTotalOverTheTargetWhateverTheReplicas() {
        // Lag 95 over 3 replicas at lagThreshold 10: ratio 95 / 30 = 3.17, so ceil(95 / 10) = 10.
        assertEquals(10, external(3, 95, 10));
        // No pods yet (status.replicas 0): the ratio is infinite, never within, so ceil(50 / 10) = 5.
        assertEquals(5, external(0, 50, 10));
    }

    @Test
    void cpuUtilizationIsTheMeanOverReadyPodsTimesTheirCount() {
        // 4 pods at 900m of 1000m: 3600 x 100 / 4000 = 90 %; target 60: ratio 1.5, ceil(1.5 x 4) = 6.
        List<PodCpuSample> pods = List.of(PodCpuSample.ready("a", 900, 1000), PodCpuSample.ready("b", 900, 1000),
                PodCpuSample.ready("c", 900, 1000), PodCpuSample.ready("d", 900, 1000));
        assertEquals(OptionalInt.of(6), ReplicaCalculator.cpuUtilizationReplicas(4, 60, pods, DEFAULT));
    }

    @Test
    void theUtilizationIsTruncatedToAWholePercentBeforeTheRatio() {
        // 2099m of 3000m is 69.97 %, truncated to 69; 69 / 63 = 1.095 is within the tolerance, so 3 stays 3.
        // Without the truncation 69.97 / 63 = 1.11 would have asked for ceil(1.11 x 3) = 4.
        List<PodCpuSample> pods = List.of(PodCpuSample.ready("a", 700, 1000), PodCpuSample.ready("b", 700, 1000),
                PodCpuSample.ready("c", 699, 1000));
        assertEquals(OptionalInt.of(3), ReplicaCalculator.cpuUtilizationReplicas(3, 63, pods, DEFAULT));
    }

    @Test
    void onAScaleUpUnreadyPodsCountAsIdleAndCanCancelIt() {
        // 3 ready pods at 100 % of their request, target 80: ratio 1.25 (plain: ceil(1.25 x 3) = 4). With 3 unready
        // pods counted at 0: 3000 / 6000 = 50 %, ratio 0.625, the other direction, so the 6 replicas stay.
        List<PodCpuSample> pods = List.of(PodCpuSample.ready("a", 1000, 1000), PodCpuSample.ready("b", 1000, 1000),
                PodCpuSample.ready("c", 1000, 1000), new PodCpuSample("d", PodCpuState.UNREADY, 0, 1000),
                new PodCpuSample("e", PodCpuState.UNREADY, 0, 1000), new PodCpuSample("f", PodCpuState.UNREADY, 0, 1000));
        assertEquals(OptionalInt.of(6), ReplicaCalculator.cpuUtilizationReplicas(6, 80, pods, DEFAULT));
    }

    @Test
    void onAScaleDownAPodWithoutASampleCountsAsUsingItsWholeRequest() {
        // 4 ready pods at 20 %, target 50: ratio 0.4 (plain: ceil(0.4 x 4) = 2). The missing pod counts as 1000m:
        // 1800 / 5000 = 36 %, ratio 0.72, ceil(0.72 x 5) = 4. An ignored (deleting) pod is left out entirely.
        List<PodCpuSample> pods = List.of(PodCpuSample.ready("a", 200, 1000), PodCpuSample.ready("b", 200, 1000),
                PodCpuSample.ready("c", 200, 1000), PodCpuSample.ready("d", 200, 1000),
                new PodCpuSample("e", PodCpuState.MISSING_METRIC, 0, 1000), new PodCpuSample("z", PodCpuState.IGNORED, 0, 1000));
        assertEquals(OptionalInt.of(4), ReplicaCalculator.cpuUtilizationReplicas(5, 50, pods, DEFAULT));
    }

    @Test
    void noSampleLeftIsNoReplicaCount() {
        List<PodCpuSample> pods = List.of(new PodCpuSample("a", PodCpuState.UNREADY, 0, 1000),
                new PodCpuSample("b", PodCpuState.MISSING_METRIC, 0, 1000));
        assertEquals(OptionalInt.empty(), ReplicaCalculator.cpuUtilizationReplicas(2, 50, pods, DEFAULT));
        assertEquals(OptionalInt.empty(), ReplicaCalculator.cpuUtilizationReplicas(2, 50, List.of(), DEFAULT));
    }

    @Test
    void aPerDirectionToleranceMovesOnlyItsSideOfTheBand() {
        // KEP-4951: scaleUp tolerance 0.02 makes 1.05 a scale-up (ceil(10.5) = 11); 0.95 stays within scaleDown 0.1.
        Tolerances tight = new Tolerances(0.1, 0.02);
        assertEquals(11, ReplicaCalculator.externalPerPodReplicas(10, 105_000, 10_000, tight));
        assertEquals(10, ReplicaCalculator.externalPerPodReplicas(10, 95_000, 10_000, tight));
    }
}
