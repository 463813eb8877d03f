package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A story shortened for report.html keeps its chains of causes first, in time order, and counts what it leaves. */
class StoryExcerptTest {

    private static StoryLine quiet(long atMs) {
        return new StoryLine(atMs, "c1 paused by GC at " + atMs);
    }

    private static StoryLine cause(long atMs) {
        return new StoryLine(atMs, "generation started at " + atMs, true);
    }

    @Test
    void aStoryThatFitsIsWhole() {
        List<StoryLine> story = List.of(quiet(1), cause(2), quiet(3));
        StoryExcerpt excerpt = StoryExcerpt.of(story, 3);
        assertEquals(story, excerpt.lines());
        assertEquals(0, excerpt.omitted());
        assertTrue(excerpt.whole());
    }

    @Test
    void theCausesComeFirstThenTheEarliestOthersAllInTheStorysOrder() {
        List<StoryLine> story = List.of(quiet(1), quiet(2), cause(3), quiet(4), cause(5), quiet(6));
        StoryExcerpt excerpt = StoryExcerpt.of(story, 3);
        // Two causes, then room for one more: the earliest quiet line.
        assertEquals(List.of(quiet(1), cause(3), cause(5)), excerpt.lines());
        assertEquals(3, excerpt.omitted());
    }

    @Test
    void moreCausesThanRoomKeepsTheEarliestCauses() {
        List<StoryLine> story = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            story.add(i % 2 == 0 ? cause(i) : quiet(i));
        }
        StoryExcerpt excerpt = StoryExcerpt.of(story, 200);
        assertEquals(200, excerpt.lines().size());
        assertEquals(800, excerpt.omitted());
        assertTrue(excerpt.lines().stream().allMatch(StoryLine::cause), "only causes when they fill the room");
        assertEquals(398, excerpt.lines().get(199).atMs(), "the 200th cause is the line at 2 x 199");
    }
}
