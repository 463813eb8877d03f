package org.rebalancesim.kubernetes.autoscaling;

import java.util.ArrayList;
import java.util.List;

/**
 * The scale events the HPA controller remembers for one HPA with a behavior ({@code scaleUpEvents[key]}
 * and {@code scaleDownEvents[key]} of horizontal.go): each rescale it made, as a number of replicas
 * added or removed and when. The policies' periods count them; an event older than the direction's
 * longest period is marked outdated and its slot reused by the next event of that direction.
 */
final class ScaleEventHistory {

    /** timestampedScaleEvent: replicaChange is the absolute number of replicas added or removed. */
    record ScaleEvent(int replicaChange, long timestampMs, boolean outdated) {
    }

    private final List<ScaleEvent> scaleUpEvents = new ArrayList<>();
    private final List<ScaleEvent> scaleDownEvents = new ArrayList<>();

    /** storeScaleEvent: records a rescale from {@code previousReplicas} to {@code newReplicas} at {@code nowMs}. */
    void store(int previousReplicas, int newReplicas, long nowMs, EffectiveScalingRules scaleUp,
               EffectiveScalingRules scaleDown) {
        if (newReplicas > previousReplicas) {
            store(scaleUpEvents, newReplicas - previousReplicas, nowMs, scaleUp.longestPolicyPeriodSeconds());
        } else {
            store(scaleDownEvents, previousReplicas - newReplicas, nowMs, scaleDown.longestPolicyPeriodSeconds());
        }
    }

    /** getReplicasChangePerPeriod over the scale-up events: replicas added strictly after now − period. */
    int replicasAddedInPeriod(int periodSeconds, long nowMs) {
        return changeInPeriod(scaleUpEvents, periodSeconds, nowMs);
    }

    /** getReplicasChangePerPeriod over the scale-down events. */
    int replicasDeletedInPeriod(int periodSeconds, long nowMs) {
        return changeInPeriod(scaleDownEvents, periodSeconds, nowMs);
    }

    List<ScaleEvent> scaleUpEvents() {
        return List.copyOf(scaleUpEvents);
    }

    List<ScaleEvent> scaleDownEvents() {
        return List.copyOf(scaleDownEvents);
    }

    private static void store(List<ScaleEvent> events, int replicaChange, long nowMs, int longestPolicyPeriodSeconds) {
        // markScaleEventsOutdated, then the last outdated slot is reused.
        long cutoff = nowMs - longestPolicyPeriodSeconds * 1000L;
        int oldSampleIndex = -1;
        for (int i = 0; i < events.size(); i++) {
            ScaleEvent event = events.get(i);
            if (event.timestampMs() < cutoff && !event.outdated()) {
                event = new ScaleEvent(event.replicaChange(), event.timestampMs(), true);
                events.set(i, event);
            }
            if (event.outdated()) {
                oldSampleIndex = i;
            }
        }
        ScaleEvent newEvent = new ScaleEvent(replicaChange, nowMs, false);
        if (oldSampleIndex >= 0) {
            events.set(oldSampleIndex, newEvent);
        } else {
            events.add(newEvent);
        }
    }

    private static int changeInPeriod(List<ScaleEvent> events, int periodSeconds, long nowMs) {
        long cutoff = nowMs - periodSeconds * 1000L;
        int replicas = 0;
        for (ScaleEvent event : events) {
            if (event.timestampMs() > cutoff) {
                replicas += event.replicaChange();
            }
        }
        return replicas;
    }
}
