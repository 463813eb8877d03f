package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;

/**
 * What the charts show of a pod at an instant: its state, and for DOWN whether the pod had started
 * yet (see NotStarted). The timeline colours its bars by it and the members-by-state chart stacks
 * its bands by it, with the same colours and words, so the two charts read alike.
 */
record ShownState(MemberState state, boolean started) {

    static final ShownState NOT_STARTED = new ShownState(MemberState.DOWN, false);
    static final ShownState CONSUMING = new ShownState(MemberState.CONSUMING, true);

    static ShownState of(Series.StateInterval interval, NotStarted notStarted) {
        return notStarted.before(interval) ? NOT_STARTED : new ShownState(interval.state(), true);
    }

    Color colour() {
        return started ? Palette.of(state) : Palette.NOT_STARTED;
    }

    String label() {
        return started ? Palette.label(state) : Palette.NOT_STARTED_LABEL;
    }

    /**
     * The legend, in MemberState order with "not started yet" after "down": every state that is
     * always listed, and the others (Streams' restoring, not started) only when {@code present}.
     */
    static List<ShownState> legend(Set<ShownState> present) {
        List<ShownState> legend = new ArrayList<>();
        for (MemberState state : MemberState.values()) {
            ShownState shown = new ShownState(state, true);
            if (state.alwaysInLegend() || present.contains(shown)) {
                legend.add(shown);
            }
            if (state == MemberState.DOWN && present.contains(NOT_STARTED)) {
                legend.add(NOT_STARTED);
            }
        }
        return legend;
    }
}
