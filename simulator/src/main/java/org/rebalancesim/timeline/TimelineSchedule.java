package org.rebalancesim.timeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunRecorder;
import org.rebalancesim.scenario.Durations;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.Operations;
import org.rebalancesim.scenario.TimelineAnchor;
import org.rebalancesim.scenario.TimelineEvent;

/**
 * When each timeline entry runs: an entry at a fixed time is scheduled at once; an anchored one
 * ({@code at: {after: stable, plus: 10s}}, docs/scenario-format.md "Timeline anchors") is scheduled
 * when its anchor happens, and the story says when it ran and after what, or, at the end of the run,
 * that it never did and why. A timeline without anchors schedules exactly what it always did.
 */
final class TimelineSchedule {

    private final Simulation sim;
    private final GroupSettling settling;
    private final RunRecorder recorder;
    private final Consumer<Operation> apply;
    private List<TimelineEvent> timeline = List.of();
    /** When each entry ran, -1 until it does. */
    private long[] ranMs = new long[0];
    /** When each anchored entry's anchor happened, -1 until it does. */
    private long[] anchorMs = new long[0];
    /** For each entry, the entries anchored to it (previous, stableAgain). */
    private List<List<Integer>> dependents = List.of();

    TimelineSchedule(Simulation sim, GroupSettling settling, RunRecorder recorder, Consumer<Operation> apply) {
        this.sim = sim;
        this.settling = settling;
        this.recorder = recorder;
        this.apply = apply;
    }

    void schedule(List<TimelineEvent> events) {
        timeline = List.copyOf(events);
        ranMs = filled(timeline.size());
        anchorMs = filled(timeline.size());
        dependents = new ArrayList<>();
        timeline.forEach(event -> dependents.add(new ArrayList<>()));
        for (int i = 0; i < timeline.size(); i++) {
            TimelineEvent event = timeline.get(i);
            int index = i;
            if (!event.isAnchored()) {
                sim.at(event.atMs(), () -> run(index));
            } else if (event.anchor().after() == TimelineAnchor.STABLE) {
                settling.whenStable(() -> anchorHappened(index));
            } else if (event.anchor().previous() >= 0) {
                dependents.get(event.anchor().previous()).add(index);
            }
        }
    }

    private static long[] filled(int size) {
        long[] times = new long[size];
        java.util.Arrays.fill(times, -1);
        return times;
    }

    private void run(int index) {
        ranMs[index] = sim.nowMs();
        TimelineEvent event = timeline.get(index);
        // Registered first: a group that the operation itself settles has settled after it.
        for (int dependent : dependents.get(index)) {
            if (timeline.get(dependent).anchor().after() == TimelineAnchor.STABLE_AGAIN) {
                settling.whenSettledAgain(() -> anchorHappened(dependent));
            }
        }
        if (event.isAnchored()) {
            recorder.story(TimelineEvent.label(index), StoryKind.ANCHORED_OPERATION, event.anchor().plusMs(),
                    Operations.text(event.operation()) + " ran at "
                    + seconds(ranMs[index]) + ", " + Durations.format(event.anchor().plusMs()) + " after "
                    + event.anchor().after().event() + " (at " + seconds(anchorMs[index]) + ")");
        }
        apply.accept(event.operation());
        for (int dependent : dependents.get(index)) {
            if (timeline.get(dependent).anchor().after() == TimelineAnchor.PREVIOUS) {
                anchorHappened(dependent);
            }
        }
    }

    private void anchorHappened(int index) {
        anchorMs[index] = sim.nowMs();
        sim.at(sim.nowMs() + timeline.get(index).anchor().plusMs(), () -> run(index));
    }

    /** Tells the story of every anchored entry that never ran; called once the run reached its end. */
    void runEnded(long endMs) {
        for (int i = 0; i < timeline.size(); i++) {
            TimelineEvent event = timeline.get(i);
            if (event.isAnchored() && ranMs[i] < 0) {
                recorder.story(TimelineEvent.label(i), StoryKind.ANCHOR_MISSED, event.anchor().plusMs(),
                        Operations.text(event.operation()) + " " + event.whenText() + " never ran: " + whyNot(i, endMs));
            }
        }
    }

    private String whyNot(int index, long endMs) {
        TimelineEvent.Anchor anchor = timeline.get(index).anchor();
        if (anchorMs[index] >= 0) {
            return anchor.after().event() + " at " + seconds(anchorMs[index]) + ", and "
                    + Durations.format(anchor.plusMs()) + " later is past the end of the run (" + seconds(endMs) + ")";
        }
        return switch (anchor.after()) {
            case STABLE -> "the group never settled with every pod of consumers: started before the run ended";
            case PREVIOUS -> "the entry before it, " + label(anchor.previous()) + ", never ran";
            case STABLE_AGAIN -> ranMs[anchor.previous()] < 0
                    ? "the entry before it, " + label(anchor.previous()) + ", never ran"
                    : "the group did not settle again after " + label(anchor.previous()) + ", which ran at "
                    + seconds(ranMs[anchor.previous()]) + ", before the run ended";
        };
    }

    /** {@code timeline[2] (crash {consumer: c1})}: the entry as the report's configuration table names it. */
    private String label(int index) {
        return "timeline[" + index + "] (" + Operations.text(timeline.get(index).operation()) + ")";
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
