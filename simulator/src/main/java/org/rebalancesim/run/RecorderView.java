package org.rebalancesim.run;

import org.rebalancesim.events.GroupEvents;

/**
 * What a run's recorder hears: the model's events as they happen ({@link #AS_MODELLED}), or as an
 * instrument that sees less would observe them. Calibration uses one: its real workers see a rebalance
 * only through their listener's callbacks, so the simulated side is measured the same way. The
 * invariant monitor and the timeline's anchors always hear the model itself.
 */
@FunctionalInterface
public interface RecorderView {

    RecorderView AS_MODELLED = recorder -> recorder;

    /** A fresh view for one run, in front of the stream to its recorder. */
    GroupEvents inFrontOf(GroupEvents recorder);
}
