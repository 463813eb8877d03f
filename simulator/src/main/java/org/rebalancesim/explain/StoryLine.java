package org.rebalancesim.explain;

/**
 * One line of an explanation: when it starts, and what happened, in words.
 *
 * @param cause whether the line tells a chain of causes: a rebalance and what started it, or a member
 *              removed (in a rebalance already running, or by a poll timeout alone). A shortened story
 *              ({@link VariantExplanation#excerpt}) keeps these first.
 */
public record StoryLine(long atMs, String text, boolean cause) {

    /** A line that tells no chain of causes: a fault that caused nothing, a pod started, ... */
    public StoryLine(long atMs, String text) {
        this(atMs, text, false);
    }

    /** When it starts, as the story prints it: {@code mm:ss.SSS}. */
    public String clock() {
        return TimeText.clock(atMs);
    }
}
