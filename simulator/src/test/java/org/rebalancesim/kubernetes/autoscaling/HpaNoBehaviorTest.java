package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.autoscaling.CpuUtilizationMetric;
import org.rebalancesim.scenario.autoscaling.ExternalAverageValueMetric;
import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * An HPA without {@code spec.behavior}, the one KEDA creates when the ScaledObject gives none, against
 * horizontal.go (kubernetes v1.34) reconcileAutoscaler, computeReplicasForMetrics,
 * normalizeDesiredReplicas, stabilizeRecommendation, convertDesiredReplicasWithRules and
 * calculateScaleUpLimit, with the controller's defaults (5 min downscale stabilization).
 */
class HpaNoBehaviorTest {

    private static final long SYNC_MS = 15_000;

    /** KEDA's HPA for a trigger at lagThreshold 10: External AverageValue 10,000 milli, 1..100 replicas. */
    private static HorizontalPodAutoscaler kedaHpa() {
        return new HorizontalPodAutoscaler(ScaledObjectSpec.defaults(KafkaTriggerSpec.defaults("orders")).horizontalPodAutoscaler(),
                HpaControllerConfig.DEFAULTS);
    }

    private static List<MetricReading> lag(long lag) {
        return List.of(new MetricReading.External(lag * 1000));
    }

    @Test
    void oneSyncScalesUpToAtMostTwiceTheReplicasOrFour() {
        // A lag of 1,000 asks for ceil(1000 / 10) = 100, but calculateScaleUpLimit allows max(2 x 2, 4) = 4
        // from 2 replicas (not the 6 of the default behavior's policies: that needs a behavior), and from 10
        // replicas max(20, 4) = 20.
        HpaDecision fromTwo = kedaHpa().sync(0, 2, 2, lag(1000));
        assertEquals(100, fromTwo.metricReplicas());
        assertEquals(4, fromTwo.desiredReplicas());
        assertEquals(20, kedaHpa().sync(0, 10, 10, lag(1000)).desiredReplicas());
    }

    @Test
    void aLowerRecommendationWaitsForTheHighestOfTheLastFiveMinutesToAge() {
        HorizontalPodAutoscaler hpa = kedaHpa();
        // t = 0: a lag of 100 over 10 replicas is a ratio of 1: 10 stays. The first sync also recorded 10.
        assertFalse(hpa.sync(0, 10, 10, lag(100)).rescale());
        // From 15 s the metrics ask for ceil(30 / 10) = 3, but the 10s recorded at t = 0 are in the window
        // (a recommendation exactly at the cutoff, now − 300 s, still counts), so the HPA keeps 10 up to 300 s.
        for (long t = SYNC_MS; t <= 300_000; t += SYNC_MS) {
            HpaDecision decision = hpa.sync(t, 10, 10, lag(30));
            assertEquals(3, decision.metricReplicas(), "at " + t);
            assertEquals(10, decision.desiredReplicas(), "at " + t);
        }
        // At 315 s the t = 0 entries are older than the window: the highest left is 3.
        HpaDecision down = hpa.sync(315_000, 10, 10, lag(30));
        assertTrue(down.rescale());
        assertEquals(3, down.desiredReplicas());
    }

    @Test
    void aHigherRecommendationIsAppliedAtOnce() {
        HorizontalPodAutoscaler hpa = kedaHpa();
        hpa.sync(0, 4, 4, lag(40));
        assertEquals(6, hpa.sync(SYNC_MS, 4, 4, lag(60)).desiredReplicas());
    }

    @Test
    void minAndMaxReplicasBoundTheResult() {
        // With no downscale window: at t = 0 a ratio of 1 keeps 3 (and records 3 twice, both at 0); 1 ms later
        // those are older than the cutoff, no lag asks for 0 replicas, and minReplicas (KEDA's at least 1) makes it 1.
        HorizontalPodAutoscaler hpa = new HorizontalPodAutoscaler(new HpaSpec(1, 100,
                List.of(new ExternalAverageValueMetric("lag", 10_000)), Optional.empty()),
                new HpaControllerConfig(15_000, 0.1, 0, 300_000, 30_000));
        assertEquals(3, hpa.sync(0, 3, 3, lag(30)).desiredReplicas());
        HpaDecision toMin = hpa.sync(1, 3, 3, lag(0));
        assertEquals(0, toMin.metricReplicas());
        assertEquals(1, toMin.desiredReplicas());
        // Above maxReplicas: set to maxReplicas without reading the metrics.
        HpaDecision above = kedaHpa().sync(0, 120, 120, lag(0));
        assertEquals(HpaDecision.Reason.ABOVE_MAX_REPLICAS, above.reason());
        assertEquals(100, above.desiredReplicas());
    }

    @Test
    void atZeroReplicasTheHpaDoesNothingAndReadsNoMetric() {
        // reconcileAutoscaler: currentReplicas 0 and minReplicas 1: "scaling is disabled"; KEDA owns 0 <-> 1.
        HpaDecision decision = kedaHpa().sync(0, 0, 0, () -> {
            throw new AssertionError("the metrics must not be read");
        });
        assertEquals(HpaDecision.Reason.SCALING_DISABLED, decision.reason());
        assertFalse(decision.rescale());
        assertEquals(0, decision.desiredReplicas());
    }

    @Test
    void theLargestMetricWinsAndAFailedMetricBlocksOnlyAScaleDown() {
        HpaSpec spec = new HpaSpec(1, 20, List.of(new ExternalAverageValueMetric("lag", 10_000), new CpuUtilizationMetric(50)),
                Optional.empty());
        List<PodCpuSample> busy = List.of(PodCpuSample.ready("a", 900, 1000), PodCpuSample.ready("b", 900, 1000),
                PodCpuSample.ready("c", 900, 1000), PodCpuSample.ready("d", 900, 1000));
        // Lag 30 asks for 3; cpu 90 % of a 50 % target asks for ceil(1.8 x 4) = ceil(7.2) = 8, within max(8, 4).
        HpaDecision both = new HorizontalPodAutoscaler(spec, HpaControllerConfig.DEFAULTS)
                .sync(0, 4, 4, List.of(new MetricReading.External(30_000), new MetricReading.Cpu(busy)));
        assertEquals(8, both.desiredReplicas());
        // The cpu metric fails and the lag asks for 3 < 4: computeReplicasForMetrics refuses to scale down.
        HpaDecision down = new HorizontalPodAutoscaler(spec, HpaControllerConfig.DEFAULTS)
                .sync(0, 4, 4, List.of(new MetricReading.External(30_000), new MetricReading.Unavailable()));
        assertEquals(HpaDecision.Reason.INVALID_METRICS, down.reason());
        assertEquals(4, down.desiredReplicas());
        // The lag asks for 6 > 4: it scales on the metric that works.
        HpaDecision up = new HorizontalPodAutoscaler(spec, HpaControllerConfig.DEFAULTS)
                .sync(0, 4, 4, List.of(new MetricReading.External(60_000), new MetricReading.Unavailable()));
        assertEquals(6, up.desiredReplicas());
    }
}
