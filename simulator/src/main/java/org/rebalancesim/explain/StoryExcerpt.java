package org.rebalancesim.explain;

import java.util.ArrayList;
import java.util.List;

/**
 * A story shortened for a page a person reads: at most a given number of its lines, those that tell a
 * chain of causes (a rebalance or a removal and what led to it) first, in time order, then the earliest of
 * the others (faults that caused nothing, pods started, ...), all shown in the story's order. A story that
 * fits is whole. The lines left out are counted, never lost: the run's story file has every line.
 *
 * @param lines   the lines kept, in the story's order
 * @param omitted how many lines were left out
 */
public record StoryExcerpt(List<StoryLine> lines, int omitted) {

    public StoryExcerpt {
        lines = List.copyOf(lines);
    }

    /** At most {@code max} lines of {@code story} (its lines in time order), chosen as above. */
    public static StoryExcerpt of(List<StoryLine> story, int max) {
        if (max < 0) {
            throw new IllegalArgumentException("a story cannot be shortened to " + max + " lines");
        }
        if (story.size() <= max) {
            return new StoryExcerpt(story, 0);
        }
        boolean[] kept = new boolean[story.size()];
        int room = keep(story, kept, max, true);
        keep(story, kept, room, false);
        List<StoryLine> shown = new ArrayList<>(max);
        for (int i = 0; i < story.size(); i++) {
            if (kept[i]) {
                shown.add(story.get(i));
            }
        }
        return new StoryExcerpt(shown, story.size() - shown.size());
    }

    /** Marks the earliest lines whose {@link StoryLine#cause} is {@code causes}, up to {@code room}; the room left. */
    private static int keep(List<StoryLine> story, boolean[] kept, int room, boolean causes) {
        for (int i = 0; i < story.size() && room > 0; i++) {
            if (story.get(i).cause() == causes) {
                kept[i] = true;
                room--;
            }
        }
        return room;
    }

    public boolean whole() {
        return omitted == 0;
    }
}
