package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.scenario.autoscaling.AutoscalerSpec;
import org.rebalancesim.scenario.autoscaling.CpuUtilizationMetric;
import org.rebalancesim.scenario.autoscaling.HpaBehavior;
import org.rebalancesim.scenario.autoscaling.HpaScalingRules;
import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.OffsetResetPolicy;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/** {@code consumers.autoscaler}: KEDA's and Kubernetes' fields, defaults and refusals (docs/scenario-format.md). */
class AutoscalerSpecTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String withAutoscaler(String autoscaler) {
        return ScenarioFiles.MINIMAL.replace("consumers: {count: 3}",
                "consumers: {count: 3, workload: {kind: Deployment}, autoscaler: " + autoscaler + "}");
    }

    @Test
    void readsAScaledObjectAsAManifestWritesIt() throws ScenarioException {
        AutoscalerSpec keda = files.onlyVariant(withAutoscaler("{scaledObject: {maxReplicaCount: 12, triggers: [{type:"
                + " kafka, metadata: {lagThreshold: '50', allowIdleConsumers: 'false', topic: orders,"
                + " partitionLimitation: '0-2,5'}}]}}")).consumers().autoscaler();
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(0, 1, 2, 5), 50, 0, OffsetResetPolicy.LATEST,
                false, false, false, false, false, false);
        assertEquals(new ScaledObjectSpec(30, 0, 300, OptionalInt.empty(), 0, 12, Optional.empty(), List.of(trigger)),
                keda, "KEDA's defaults elsewhere, and no behavior: the HPA's older rules");
    }

    @Test
    void aBehaviorKeepsWhatItLeavesOutUnsetForTheApiServersDefaults() throws ScenarioException {
        AutoscalerSpec hpa = files.onlyVariant(withAutoscaler("{horizontalPodAutoscaler: {maxReplicas: 10, behavior:"
                + " {scaleDown: {stabilizationWindowSeconds: 60}}}}")).consumers().autoscaler();
        assertEquals(new HpaSpec(1, 10, List.of(new CpuUtilizationMetric(80)), Optional.of(new HpaBehavior(
                HpaScalingRules.unset(), HpaScalingRules.withStabilizationWindow(60)))), hpa,
                "minReplicas 1 and 80% CPU when left out, as the API server defaults them");
    }

    @Test
    void refusesWhatKedaAndKubernetesRefuse() {
        assertEquals(List.of("consumers.autoscaler.scaledObject.triggers[0].metadata: allowIdleConsumers and"
                + " limitToPartitionsWithLag cannot be set simultaneously, as KEDA refuses"),
                files.problems(withAutoscaler("{scaledObject: {triggers: [{type: kafka, metadata: {allowIdleConsumers:"
                        + " 'true', limitToPartitionsWithLag: 'true', topic: t}}]}}")));
        assertEquals(List.of("consumers.autoscaler.horizontalPodAutoscaler: maxReplicas must be greater than or equal"
                + " to minReplicas"), files.problems(withAutoscaler("{horizontalPodAutoscaler: {minReplicas: 3,"
                + " maxReplicas: 2}}")));
        assertEquals(List.of("consumers.autoscaler.scaledObject.idleReplicaCount: needs a minReplicaCount above it, as"
                + " KEDA requires; add minReplicaCount: 1"), files.problems(withAutoscaler("{scaledObject:"
                + " {idleReplicaCount: 0, triggers: [{type: kafka}]}}")));
        assertEquals(List.of("consumers.autoscaler.horizontalPodAutoscaler.behavior.scaleUp.selectPolicy: expected"
                + " Max, Min or Disabled, spelled as in a manifest, got 'max'"), files.problems(withAutoscaler(
                "{horizontalPodAutoscaler: {maxReplicas: 4, behavior: {scaleUp: {selectPolicy: max}}}}")));
        assertEquals(List.of("consumers.autoscaler.scaledObject.triggers[0].type: expected kafka (KEDA's Kafka"
                + " scaler, the one the model reads), got 'cpu'"),
                files.problems(withAutoscaler("{scaledObject: {triggers: [{type: cpu}]}}")));
        assertEquals(List.of("consumers.autoscaler: scales a Kubernetes workload, and the pods have none: add"
                + " consumers.workload (kind: Deployment or StatefulSet)"), files.problems(ScenarioFiles.MINIMAL
                .replace("consumers: {count: 3}", "consumers: {count: 3, autoscaler: {horizontalPodAutoscaler:"
                        + " {maxReplicas: 4}}}")));
    }
}
