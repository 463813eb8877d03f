package org.rebalancesim.scenario;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The Kubernetes workload the pods belong to (consumers.workload; docs/kubernetes.md), with its manifest's field
 * names. Its pods have {@code restartPolicy: Always}, the only policy a Deployment's or a StatefulSet's pod template
 * may have, so the kubelet starts a container that exits again, with CrashLoopBackOff between restarts. Without a
 * workload the pods are bare processes: what crashes stays down unless the timeline starts it again.
 *
 * <p>A pod the timeline stops (a {@code stop}, a {@code restart}, a {@code rollingRestart}) or a rollout replaces is
 * terminated as the kubelet terminates a container: its {@code preStop} hook first, then SIGTERM (the
 * application's close()), and SIGKILL if it has not exited when the grace period runs out (docs/kubernetes.md §2).
 *
 * @param kind             the workload's {@code kind}
 * @param name             its {@code metadata.name}, which a {@code rollout} names
 * @param gracePeriodMs    {@code terminationGracePeriodSeconds}, in ms
 * @param preStopSleepMs   the pod's {@code lifecycle.preStop.sleep.seconds}, in ms (0: no hook)
 * @param minReadyMs       {@code minReadySeconds}, in ms: how long a ready pod waits to count as available
 * @param readinessProbe   the container's {@code readinessProbe}, or null: without one a pod is ready as soon as its
 *                         container runs
 * @param strategy         a Deployment's {@code strategy} (null for a StatefulSet)
 * @param updateStrategy   a StatefulSet's {@code updateStrategy} (null for a Deployment)
 * @param disruptionBudget the PodDisruptionBudget that selects the pods, or null for none
 */
public record WorkloadSpec(Kind kind, String name, long gracePeriodMs, long preStopSleepMs, long minReadyMs,
                           ReadinessProbe readinessProbe, DeploymentStrategy strategy,
                           StatefulSetUpdate updateStrategy, DisruptionBudget disruptionBudget) {

    /** The pod spec's default terminationGracePeriodSeconds. */
    public static final long DEFAULT_GRACE_PERIOD_MS = 30_000;
    /** The workload's name when the scenario gives none. */
    public static final String DEFAULT_NAME = "consumers";

    /** A bare workload of {@code kind}: Kubernetes' defaults, no hook, no probe. */
    public static WorkloadSpec of(Kind kind, long gracePeriodMs, long preStopSleepMs) {
        return new WorkloadSpec(kind, DEFAULT_NAME, gracePeriodMs, preStopSleepMs, 0, null,
                kind == Kind.DEPLOYMENT ? DeploymentStrategy.DEFAULT : null,
                kind == Kind.STATEFUL_SET ? StatefulSetUpdate.DEFAULT : null, null);
    }

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

    /**
     * A container's {@code readinessProbe}, its handler assumed to succeed once the application is up (its JVM
     * started): the kubelet probes every {@code periodMs}, skipping probes within {@code initialDelayMs} of the
     * container's start; {@code successThreshold} successes in a row make the pod ready.
     */
    public record ReadinessProbe(long initialDelayMs, long periodMs, int successThreshold, int failureThreshold) {
        /** The probe fields' defaults (core/v1 Probe): period 10 s, thresholds 1 and 3. */
        public static final long DEFAULT_PERIOD_MS = 10_000;
        public static final int DEFAULT_SUCCESS_THRESHOLD = 1;
        public static final int DEFAULT_FAILURE_THRESHOLD = 3;
    }

    /** A Deployment's {@code strategy}: {@code RollingUpdate} with its surge and unavailability, or {@code Recreate}. */
    public record DeploymentStrategy(boolean recreate, IntOrPercent maxSurge, IntOrPercent maxUnavailable) {
        /** Kubernetes' defaults: RollingUpdate with maxSurge and maxUnavailable 25%. */
        public static final DeploymentStrategy DEFAULT = new DeploymentStrategy(false, IntOrPercent.percentOf(25),
                IntOrPercent.percentOf(25));
    }

    /**
     * A StatefulSet's {@code updateStrategy}: {@code RollingUpdate} of the ordinals at or above {@code partition}, or
     * {@code OnDelete} (a rollout replaces no pod: only pods deleted by hand take the new template).
     */
    public record StatefulSetUpdate(boolean onDelete, int partition) {
        public static final StatefulSetUpdate DEFAULT = new StatefulSetUpdate(false, 0);
    }

    /**
     * A PodDisruptionBudget over the workload's pods: exactly one of {@code minAvailable} and {@code maxUnavailable}
     * (the other null), a number of pods or a percentage of the replicas.
     */
    public record DisruptionBudget(IntOrPercent minAvailable, IntOrPercent maxUnavailable) {
    }
}
