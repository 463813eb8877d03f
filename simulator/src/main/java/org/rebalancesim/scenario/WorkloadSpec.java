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
 * <p>A pod the timeline stops (a {@code stop}, a {@code restart}, a {@code rollingRestart}) is terminated as the
 * kubelet terminates a container: its {@code preStop} hook first, then SIGTERM (the application's close()), and
 * SIGKILL if it has not exited when the grace period runs out (docs/kubernetes.md §2).
 *
 * @param kind                the workload's {@code kind}
 * @param gracePeriodMs       {@code terminationGracePeriodSeconds}, in ms
 * @param preStopSleepMs      the pod's {@code lifecycle.preStop.sleep.seconds}, in ms (0: no hook)
 */
public record WorkloadSpec(Kind kind, long gracePeriodMs, long preStopSleepMs) {

    /** The pod spec's default terminationGracePeriodSeconds. */
    public static final long DEFAULT_GRACE_PERIOD_MS = 30_000;

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
