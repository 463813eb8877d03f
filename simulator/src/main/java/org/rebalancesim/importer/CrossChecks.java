package org.rebalancesim.importer;

import java.util.ArrayList;
import java.util.List;

/**
 * What the inputs say about each other, checked as a person putting them side by side would: the autoscaler
 * scales the imported workload, and its kafka triggers watch the imported group. A mismatch is a warning, not a
 * problem: the files may come from different revisions, and the scenario is still imported as one group.
 */
final class CrossChecks {

    private CrossChecks() {
    }

    static void run(ImportInputs.Inputs inputs, String groupId, ImportLog log) {
        Autoscaler autoscaler = inputs.autoscaler();
        if (autoscaler == null) {
            return;
        }
        if (inputs.workload() != null) {
            target(autoscaler, inputs.workload(), log);
        }
        for (Autoscaler.KafkaTrigger trigger : autoscaler.kafkaTriggers()) {
            if (trigger.consumerGroup() != null && !trigger.consumerGroup().equals(groupId)) {
                log.warning(autoscaler.manifest().label(), trigger.path() + ".consumerGroup", "'"
                        + trigger.consumerGroup() + "' is not the imported group, '" + groupId + "': this trigger "
                        + "watches another group's lag; imported as it is");
            }
        }
    }

    /** scaleTargetRef against the imported workload. */
    private static void target(Autoscaler autoscaler, WorkloadImport.Workload workload, ImportLog log) {
        Field target = autoscaler.target();
        String name = autoscaler.targetName();
        String kind = autoscaler.targetKind();
        List<String> differences = new ArrayList<>();
        if (!name.equals(workload.name())) {
            differences.add("name '" + name + "'");
        }
        if (!kind.equals(workload.kind())) {
            differences.add("kind '" + kind + "'");
        }
        if (!differences.isEmpty()) {
            log.warning(autoscaler.manifest().label(), target.path(), String.join(" and ", differences)
                    + (differences.size() > 1 ? " are" : " is") + " not the imported " + workload.manifest().title()
                    + ": imported as its autoscaler anyway");
        }
    }
}
