package org.rebalancesim.explain;

/** One line of an explanation: when it starts, and what happened, in words. */
public record StoryLine(long atMs, String text) {
}
