package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * An autoscaler read from a manifest, for {@code consumers.autoscaler}.
 *
 * @param manifest      where it came from
 * @param key           its key under consumers.autoscaler: scaledObject or horizontalPodAutoscaler
 * @param spec          what is written under that key
 * @param target        spec.scaleTargetRef, to check it against the imported workload
 * @param kafkaTriggers a ScaledObject's kafka triggers: the topics and the group whose lag it scales on
 */
record Autoscaler(Manifest manifest, String key, ObjectNode spec, Field target, List<KafkaTrigger> kafkaTriggers) {

    /** scaleTargetRef.name, or "" when it names none. */
    String targetName() {
        return target.get("name").present() ? target.get("name").node().asText() : "";
    }

    /** scaleTargetRef.kind: KEDA defaults it to Deployment; an HPA always names it ("" when it does not). */
    String targetKind() {
        return target.get("kind").present() ? target.get("kind").node().asText()
                : key.equals("scaledObject") ? WorkloadImport.DEPLOYMENT : "";
    }

    /**
     * A KEDA kafka trigger's topic and consumer group, as the scenario's topics and group id may use them.
     *
     * @param path          spec.triggers[i].metadata, for messages
     * @param topic         its topic, or null (KEDA then watches every topic of the group)
     * @param consumerGroup its consumerGroup, or null
     */
    record KafkaTrigger(String path, String topic, String consumerGroup) {
    }
}
