package org.rebalancesim.kubernetes.autoscaling;

import java.util.ArrayList;
import java.util.List;

/**
 * The HPA controller's past unstabilized recommendations for one HPA ({@code recommendations[key]} of
 * horizontal.go), with its two ways of stabilizing. Entries older than every window are not
 * removed but overwritten by the next recommendation, as in the controller; their order is the
 * controller's (append, or replace in place), so a run is reproducible.
 */
final class RecommendationHistory {

    /** timestampedRecommendation. */
    record Recommendation(int replicas, long timestampMs) {
    }

    private final List<Recommendation> recommendations = new ArrayList<>();

    /** recordInitialRecommendation: the first sync records the current replica count. */
    void recordInitial(int currentReplicas, long nowMs) {
        if (recommendations.isEmpty()) {
            recommendations.add(new Recommendation(currentReplicas, nowMs));
        }
    }

    /**
     * stabilizeRecommendation (an HPA without behavior): the highest of this recommendation and every
     * one not older than the window (a timestamp exactly at the cutoff still counts); the new one
     * replaces the last entry older than the window, or is appended.
     */
    int stabilizeWithoutBehavior(int desiredReplicas, long nowMs, long windowMs) {
        int maxRecommendation = desiredReplicas;
        long cutoff = nowMs - windowMs;
        int oldSampleIndex = -1;
        for (int i = 0; i < recommendations.size(); i++) {
            Recommendation recommendation = recommendations.get(i);
            if (recommendation.timestampMs() < cutoff) {
                oldSampleIndex = i;
            } else if (recommendation.replicas() > maxRecommendation) {
                maxRecommendation = recommendation.replicas();
            }
        }
        record(new Recommendation(desiredReplicas, nowMs), oldSampleIndex);
        return maxRecommendation;
    }

    /**
     * stabilizeRecommendationWithBehaviors: the lowest recommendation newer than the scale-up window
     * is a floor, the highest newer than the scale-down window a ceiling (both include this one;
     * "newer" is strictly after the cutoff), and the current replica count is moved only as far as
     * those allow. The new one replaces the last entry older than both windows, or is appended.
     */
    int stabilizeWithBehaviors(int desiredReplicas, int currentReplicas, long nowMs, int upWindowSeconds,
                               int downWindowSeconds) {
        int upRecommendation = desiredReplicas;
        long upCutoff = nowMs - upWindowSeconds * 1000L;
        int downRecommendation = desiredReplicas;
        long downCutoff = nowMs - downWindowSeconds * 1000L;
        int oldSampleIndex = -1;
        for (int i = 0; i < recommendations.size(); i++) {
            Recommendation recommendation = recommendations.get(i);
            if (recommendation.timestampMs() > upCutoff) {
                upRecommendation = Math.min(recommendation.replicas(), upRecommendation);
            }
            if (recommendation.timestampMs() > downCutoff) {
                downRecommendation = Math.max(recommendation.replicas(), downRecommendation);
            }
            if (recommendation.timestampMs() < upCutoff && recommendation.timestampMs() < downCutoff) {
                oldSampleIndex = i;
            }
        }
        int stabilized = currentReplicas;
        if (stabilized < upRecommendation) {
            stabilized = upRecommendation;
        }
        if (stabilized > downRecommendation) {
            stabilized = downRecommendation;
        }
        record(new Recommendation(desiredReplicas, nowMs), oldSampleIndex);
        return stabilized;
    }

    /** The recommendations kept, oldest slot first (for tests and reports). */
    List<Recommendation> recommendations() {
        return List.copyOf(recommendations);
    }

    private void record(Recommendation recommendation, int oldSampleIndex) {
        if (oldSampleIndex >= 0) {
            recommendations.set(oldSampleIndex, recommendation);
        } else {
            recommendations.add(recommendation);
        }
    }
}
