package org.rebalancesim.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The Kubernetes workload the pods belong to (consumers.workload; docs/kubernetes.md). Its pods have
 * {@code restartPolicy: Always}, the only policy a Deployment's or a StatefulSet's pod template may have, so the
 * kubelet starts a container that exits again, with CrashLoopBackOff between restarts. Without a workload the
 * pods are bare processes: what crashes stays down unless the timeline starts it again.
 *
 * @param kind the workload's {@code kind}
 */
public record WorkloadSpec(Kind kind) {

    /** A workload's {@code kind}, spelled as in its manifest. */
    public enum Kind {
        DEPLOYMENT("Deployment"),
        STATEFUL_SET("StatefulSet");

        private final String manifestName;

        Kind(String manifestName) {
            this.manifestName = manifestName;
        }

        public String manifestName() {
            return manifestName;
        }

        /** The kind a manifest names so (case matters, as in Kubernetes). */
        public static Optional<Kind> named(String name) {
            return Arrays.stream(values()).filter(kind -> kind.manifestName.equals(name)).findFirst();
        }

        static List<String> manifestNames() {
            return Arrays.stream(values()).map(Kind::manifestName).toList();
        }
    }
}
