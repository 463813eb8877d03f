package org.rebalancesim.explain;

/** One line of an explanation: when it starts, and what happened, in words. */
public record StoryLine(long atMs, String text) {

    /** When it starts, as the story prints it: {@code mm:ss.SSS}. */
    public String clock() {
        return TimeText.clock(atMs);
    }
}
