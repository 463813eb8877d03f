package org.rebalancesim.kubernetes;

/**
 * One pod of a workload as its controller sees it through the API server: its template revision, when it was
 * created, whether its container runs, since when it is ready, how often its container restarted, and whether it is
 * being deleted.
 */
final class WorkloadPod {

    final String name;
    /** A Deployment pod's draw standing in for its UID, the ReplicaSet's last tie-break when it picks pods to delete. */
    final long uid;
    int revision;
    long createdMs;
    boolean running;
    long containerStartedMs = -1;
    boolean applicationUp;
    /** When the pod's Ready condition last became true, or -1 while it is not ready. */
    long readySinceMs = -1;
    /** When the pod's Ready condition last became false: its creation, until it has been ready once. */
    long notReadySinceMs;
    /** Container starts after the pod's first. */
    int restarts;
    /** Deleted, and its container still terminating. */
    boolean deleting;
    /** Deleted and terminated: a StatefulSet's pod waiting to be created again under its name. */
    boolean gone;
    /** Bumped at every container start and end: a readiness decided for an earlier container is void. */
    int containerEpoch;

    WorkloadPod(String name, long uid, int revision, long createdMs) {
        this.name = name;
        this.uid = uid;
        this.revision = revision;
        this.createdMs = createdMs;
        this.notReadySinceMs = createdMs;
    }

    boolean ready() {
        return readySinceMs >= 0;
    }

    /** Ready for minReadySeconds (podutil.IsPodAvailable): what a rollout counts. */
    boolean available(long nowMs, long minReadyMs) {
        return ready() && nowMs - readySinceMs >= minReadyMs;
    }

    /** The pod is created again under its own name (a StatefulSet's), at {@code newRevision}. */
    void recreate(int newRevision, long nowMs) {
        revision = newRevision;
        createdMs = nowMs;
        notReadySinceMs = nowMs;
        restarts = 0;
        deleting = false;
        gone = false;
        containerStartedMs = -1;
    }
}
