package org.rebalancesim.consumer;

/**
 * Hears a pod's container go through its life, as the kubelet reports it to the API server: what a Kubernetes
 * workload's controller and its readiness probes act on (the kubernetes package).
 */
public interface PodWatcher {

    /** Watches nothing: a pod outside any workload. */
    PodWatcher NONE = new PodWatcher() {
        @Override
        public void containerStarted(String pod) {
        }

        @Override
        public void applicationUp(String pod) {
        }

        @Override
        public void containerEnded(String pod) {
        }
    };

    /** The pod's container runs: its JVM begins to start. */
    void containerStarted(String pod);

    /** The application is up (its JVM started): a readiness probe of it would now succeed. */
    void applicationUp(String pod);

    /** The container ended: its process exited or was killed, or it died while starting. */
    void containerEnded(String pod);
}
