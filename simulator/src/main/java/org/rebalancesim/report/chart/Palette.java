package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.List;
import org.rebalancesim.events.MemberState;

/**
 * Every colour the charts use, in one place, so a state or an owner looks the same in every chart.
 * Member states use the Okabe–Ito palette (distinguishable with the common colour-vision
 * deficiencies and in greyscale print); owners and variants cycle through fixed lists.
 */
public final class Palette {

    public static final Color BACKGROUND = Color.WHITE;
    public static final Color GRID = new Color(0xCC, 0xCC, 0xCC);
    public static final Color TEXT = new Color(0x22, 0x22, 0x22);
    /** Rebalance spans behind the bars: the rebalancing colour, faint enough to read bars through it. */
    public static final Color REBALANCE_SHADE = new Color(0xD5, 0x5E, 0x00, 40);
    /** Fault markers and their labels. */
    public static final Color FAULT = Color.BLACK;
    /**
     * A pod before its first start (scaled out, or started by the timeline, later in the run): left
     * blank (transparent, so rebalance shading shows through) with a thin OUTLINE, so it does not read
     * as a crash (DOWN's grey).
     */
    public static final Color NOT_STARTED = new Color(0xFF, 0xFF, 0xFF, 0);
    public static final Color OUTLINE = new Color(0x66, 0x66, 0x66);
    public static final String NOT_STARTED_LABEL = "not started yet";
    /** A partition nobody owned: left blank (transparent), in the partition chart and partitions-by-state alike. */
    public static final Color NO_OWNER = new Color(0xFF, 0xFF, 0xFF, 0);
    /** A partition owned by a member that cannot process it (down, paused or cut off). */
    public static final Color OWNER_NOT_RUNNING = new Color(0xDD, 0xDD, 0xDD);
    public static final Color STOP_THE_WORLD = new Color(0xD5, 0x5E, 0x00);
    public static final Color PARTITION_DOWNTIME = new Color(0x56, 0xB4, 0xE9);

    /** Paul Tol's "muted" scheme: nine colours that stay apart for colour-blind readers. */
    private static final List<Color> OWNERS = List.of(
            new Color(0x33, 0x22, 0x88), new Color(0x88, 0xCC, 0xEE), new Color(0x44, 0xAA, 0x99),
            new Color(0x11, 0x77, 0x33), new Color(0x99, 0x99, 0x33), new Color(0xDD, 0xCC, 0x77),
            new Color(0xCC, 0x66, 0x77), new Color(0x88, 0x22, 0x55), new Color(0xAA, 0x44, 0x99));

    /** Okabe–Ito without its yellow, which is too faint for a line on white. */
    private static final List<Color> LINES = List.of(
            new Color(0x00, 0x72, 0xB2), new Color(0xD5, 0x5E, 0x00), new Color(0x00, 0x9E, 0x73),
            new Color(0xCC, 0x79, 0xA7), new Color(0xE6, 0x9F, 0x00), new Color(0x56, 0xB4, 0xE9),
            Color.BLACK);

    private Palette() {
    }

    public static Color of(MemberState state) {
        return switch (state) {
            case CONSUMING -> new Color(0x00, 0x9E, 0x73);
            case REBALANCING -> new Color(0xD5, 0x5E, 0x00);
            case PAUSED -> new Color(0xCC, 0x79, 0xA7);
            case SLOW_RECORD -> new Color(0xF0, 0xE4, 0x42);
            case DOWN -> new Color(0x99, 0x99, 0x99);
            case UNREACHABLE -> new Color(0x00, 0x72, 0xB2);
            case RESTORING -> new Color(0x56, 0xB4, 0xE9);
        };
    }

    /** The legend's words for a state. */
    public static String label(MemberState state) {
        return switch (state) {
            case CONSUMING -> "consuming";
            case REBALANCING -> "blocked in rebalance";
            case PAUSED -> "paused (GC)";
            case SLOW_RECORD -> "processing a slow record";
            case DOWN -> "down";
            case UNREACHABLE -> "unreachable";
            case RESTORING -> "restoring state (Kafka Streams)";
        };
    }

    /** The colour of the {@code index}-th owner (in natural pod order); the list repeats. */
    public static Color owner(int index) {
        return OWNERS.get(Math.floorMod(index, OWNERS.size()));
    }

    /** Text that reads on {@code fill}: white on the dark colours, TEXT on the light ones. */
    public static Color textOn(Color fill) {
        // Relative luminance (ITU-R BT.709 weights) on 0..255: below the middle, the fill is dark.
        double luminance = 0.2126 * fill.getRed() + 0.7152 * fill.getGreen() + 0.0722 * fill.getBlue();
        return luminance < 128 ? Color.WHITE : TEXT;
    }

    /** The colour of the {@code index}-th line of a chart (one per variant); the list repeats. */
    public static Color line(int index) {
        return LINES.get(Math.floorMod(index, LINES.size()));
    }
}
