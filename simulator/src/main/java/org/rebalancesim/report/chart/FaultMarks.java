package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.rebalancesim.metrics.Series.StoryEvent;

/**
 * Marks the faults of a run on a timeline: a short black bar and a label on the faulty pod's row,
 * or a dashed line across the whole plot, labelled in the strip above the rows, for a broker,
 * topic or the cluster. Only injected faults are marked, not the protocol's reactions (the bars
 * show those).
 */
final class FaultMarks {

    /** A fault to draw: on {@code row}, or across every row when {@code row} is null. */
    record Mark(StoryEvent event, Integer row) {
        boolean across() {
            return row == null;
        }
    }

    /** How the story lines of injected faults begin (simulated runs and measured real runs). */
    private static final List<String> FAULT_STARTS = List.of(
            "crashed", "killed", "fatal", "GC pause", "network partition", "next record", "stopping (close())",
            "fails for", "grows from", "partitions added", "the record at offset", "no coordinator to fail");
    /** Bounds the drawing cost of a run with recurring random faults. */
    static final int MAX_MARKED = 2_000;
    /** Marks on one row closer than this (in px) are drawn once: they would merge anyway. */
    private static final double MARK_SPACING_PX = 8;
    private static final int MAX_LABEL_CHARS = 48;
    private static final Color LABEL_BACKGROUND = new Color(255, 255, 255, 215);

    private FaultMarks() {
    }

    static boolean isFault(StoryEvent event) {
        return !"group".equals(event.subject()) && FAULT_STARTS.stream().anyMatch(event.what()::startsWith);
    }

    /**
     * The faults that belong on this chart, in time order.
     *
     * @param rowOfPod the row of each shown pod
     * @param pods     every pod of the run: the fault of a pod left out by the row cap is not marked
     */
    static List<Mark> select(List<StoryEvent> events, Map<String, Integer> rowOfPod, Set<String> pods) {
        List<Mark> marks = new ArrayList<>();
        for (StoryEvent event : events) {
            boolean podNotShown = pods.contains(event.subject()) && !rowOfPod.containsKey(event.subject());
            if (isFault(event) && !podNotShown) {
                marks.add(new Mark(event, rowOfPod.get(event.subject())));
            }
        }
        return marks;
    }

    /**
     * Draws the marks, and a label beside each mark that has room for it: a label never runs into
     * another label, over the next mark of its strip, or past the end of the axis, because a label
     * over a mark hides that fault and overlapping labels read as neither.
     *
     * @param topLaneY  where labels of cluster-wide faults go
     * @param axisEndMs where the time axis ends, to keep labels from overlapping
     * @return how many of the faults have no label (marked only)
     */
    static int addTo(XYPlot plot, List<Mark> marks, double topLaneY, long axisEndMs) {
        Map<Integer, LabelLane> markLanes = new HashMap<>();
        List<Mark> drawn = new ArrayList<>();
        for (Mark mark : marks) {
            if (drawn.size() < MAX_MARKED && markLanes.computeIfAbsent(lane(mark), r -> new LabelLane(axisEndMs))
                    .claim(mark.event().atMs(), MARK_SPACING_PX)) {
                drawn.add(mark);
            }
        }
        long[] limitMs = new long[drawn.size()];
        Map<Integer, Long> nextMarkMs = new HashMap<>();
        // Backwards, so each mark learns where the next mark of its strip is: its label must end before.
        for (int i = drawn.size() - 1; i >= 0; i--) {
            limitMs[i] = nextMarkMs.getOrDefault(lane(drawn.get(i)), axisEndMs);
            nextMarkMs.put(lane(drawn.get(i)), drawn.get(i).event().atMs());
        }
        Map<Integer, LabelLane> labelLanes = new HashMap<>();
        List<XYTextAnnotation> labels = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            Mark mark = drawn.get(i);
            long atMs = mark.event().atMs();
            if (mark.across()) {
                plot.addDomainMarker(new ValueMarker(atMs, Palette.FAULT, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                        BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)), Layer.FOREGROUND);
            } else {
                plot.addAnnotation(new XYLineAnnotation(atMs, mark.row() - 0.45, atMs, mark.row() + 0.45,
                        new BasicStroke(3f), Palette.FAULT), false);
            }
            String label = label(mark.event(), !mark.across());
            if (labelLanes.computeIfAbsent(lane(mark), r -> new LabelLane(axisEndMs))
                    .claimBefore(atMs, label, limitMs[i])) {
                labels.add(text(label, atMs, mark.across() ? topLaneY : mark.row()));
            }
        }
        // After every mark, so no mark is drawn over a label.
        labels.forEach(label -> plot.addAnnotation(label, false));
        return marks.size() - labels.size();
    }

    /** The strip a mark and its label go on: its row, or -1 for the strip above the rows. */
    private static int lane(Mark mark) {
        return mark.across() ? -1 : mark.row();
    }

    /** The label of a fault: durations made short, the subject named when it is not the row's pod. */
    static String label(StoryEvent event, boolean onOwnRow) {
        String text = Durations.humanize(event.what());
        if (!onOwnRow && !"cluster".equals(event.subject())) {
            text = event.subject() + ": " + text;
        }
        return text.length() <= MAX_LABEL_CHARS ? text : text.substring(0, MAX_LABEL_CHARS - 1) + "…";
    }

    private static XYTextAnnotation text(String label, long atMs, double y) {
        XYTextAnnotation text = new XYTextAnnotation(" " + label + " ", atMs, y);
        text.setFont(ChartStyle.SMALL_FONT);
        text.setPaint(Palette.FAULT);
        text.setTextAnchor(TextAnchor.CENTER_LEFT);
        text.setBackgroundPaint(LABEL_BACKGROUND);
        return text;
    }
}
