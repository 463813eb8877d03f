package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.OffsetResetPolicy;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * KEDA's loop and its HPA together, as a run would drive them: KEDA polls every 30 s, the HPA syncs
 * every 15 s (at an equal time the poll goes first), and pods appear at once (status.replicas =
 * spec.replicas). The expected counts follow from the rules tested one by one in the other tests.
 */
class KedaAutoscalerTest {

    private static List<PartitionOffsets> sixPartitions(long lagOnFirst) {
        List<PartitionOffsets> partitions = new ArrayList<>();
        for (int p = 0; p < 6; p++) {
            partitions.add(new PartitionOffsets("orders", p, 1000 + (p == 0 ? lagOnFirst : 0), 1000));
        }
        return partitions;
    }

    @Test
    void aBurstOfLagScalesFromZeroToThePartitionCountAndBack() {
        KedaAutoscaler autoscaler = new KedaAutoscaler(ScaledObjectSpec.defaults(KafkaTriggerSpec.defaults("orders")),
                HpaControllerConfig.DEFAULTS, 0);
        Map<Long, Integer> replicasAt = new TreeMap<>();
        int replicas = 0;
        for (long t = 0; t <= 390_000; t += autoscaler.hpaSyncPeriodMs()) {
            List<PartitionOffsets> offsets = sixPartitions(t >= 30_000 && t < 75_000 ? 200 : 0);
            if (t % autoscaler.pollingIntervalMs() == 0) {
                ScaledObjectPoll poll = autoscaler.poll(t, replicas, offsets);
                replicas = poll.targetReplicas().orElse(replicas);
            }
            HpaDecision decision = autoscaler.hpaSync(t, replicas, replicas, offsets);
            replicas = decision.desiredReplicas();
            replicasAt.put(t, replicas);
        }
        // 30 s: active, KEDA 0 -> 1; the HPA then reads 200, capped at 6 partitions x 10 = 60, asks for 6 and
        // may go to max(2 x 1, 4) = 4. 45 s: max(8, 4) allows 6. 75 s on: no lag asks for 0, but the 6s of the last
        // 300 s hold until 375 s, when the newest 6 (60 s) is older than the window: down to minReplicas 1.
        // 390 s: KEDA's last active poll was at 60 s, 60 + 300 < 390: 1 -> 0; the HPA is then disabled.
        assertEquals(0, replicasAt.get(15_000L));
        assertEquals(4, replicasAt.get(30_000L));
        assertEquals(6, replicasAt.get(45_000L));
        assertEquals(6, replicasAt.get(360_000L));
        assertEquals(1, replicasAt.get(375_000L));
        assertEquals(0, replicasAt.get(390_000L));
    }

    @Test
    void theHpaAtZeroReplicasDoesNotQueryKafka() {
        // With excludePersistentLag a read has an effect: the first one stores the committed offset. The sync at
        // 0 replicas must not read, so the sync at 15 s is the first read and counts the lag of 50: ceil(50 / 10)
        // = 5, limited to max(2 x 1, 4) = 4. Had the first sync read, the second would have seen no movement
        // (metric 0) and given minReplicas 1.
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(), 10, 0, OffsetResetPolicy.LATEST, true, true,
                false, false, false, false);
        KedaAutoscaler autoscaler = new KedaAutoscaler(ScaledObjectSpec.defaults(trigger), HpaControllerConfig.DEFAULTS, 0);
        List<PartitionOffsets> offsets = List.of(new PartitionOffsets("orders", 0, 1050, 1000));
        assertEquals(HpaDecision.Reason.SCALING_DISABLED, autoscaler.hpaSync(0, 0, 0, offsets).reason());
        assertEquals(4, autoscaler.hpaSync(15_000, 1, 1, offsets).desiredReplicas());
    }
}
