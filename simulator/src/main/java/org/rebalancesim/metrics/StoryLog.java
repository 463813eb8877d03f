package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;

/**
 * The run's story as it is recorded: lines in time order, each with its kind and data. Group events
 * name members by id, and a member's pod may only be known later (a static member learns its id from
 * the JoinGroup answer that follows the coordinator's event), so pods are resolved at the end.
 */
final class StoryLog {

    private final List<Series.StoryEvent> events = new ArrayList<>();
    /** Index of an event in {@link #events} → the member id whose pod it concerns. */
    private final Map<Integer, String> memberIds = new HashMap<>();
    /** Index of a conversion in {@link #events} → the member id that caused it, named at the start of its text. */
    private final Map<Integer, String> convertedBy = new HashMap<>();

    /** A line about {@code subject}: a pod ({@code isPod}), or a broker, topic, partition, "cluster". */
    void add(long atMs, String subject, boolean isPod, StoryKind kind, long durationMs, String what) {
        events.add(new Series.StoryEvent(atMs, subject, what, kind, isPod ? subject : null, durationMs, -1, null));
    }

    /** A group event (state change or epoch bump) with its cause. */
    void group(long atMs, StoryKind kind, int generation, Cause cause, String what) {
        String detail = cause.trigger() == RebalanceTrigger.NONE ? null : cause.trigger().name();
        addForMember(cause.memberId(), new Series.StoryEvent(atMs, "group", what, kind, null, -1, generation, detail));
    }

    /** The coordinator removed a member; {@code subject} is how the story has always named it. */
    void removed(long atMs, String subject, String memberId, String reason) {
        addForMember(memberId, new Series.StoryEvent(atMs, subject, "removed from the group: " + reason,
                StoryKind.MEMBER_REMOVED, null, -1, -1, reason));
    }

    /** The group was loaded on {@code broker} ("broker-2", the event's detail). */
    void coordinatorMoved(long atMs, String broker, int generation, String what) {
        events.add(new Series.StoryEvent(atMs, "group", what, StoryKind.COORDINATOR_MOVED, null, -1, generation, broker));
    }

    /**
     * The group id changed type; {@code to} ("classic", "consumer") is the event's detail. The text starts with the
     * pod of {@code memberId} (null for none), resolved at the end: a classic member that joins a consumer group gets
     * its id in the JoinGroup answer that follows the conversion.
     */
    void converted(long atMs, int epoch, String to, String memberId, String what) {
        if (memberId != null) {
            convertedBy.put(events.size(), memberId);
        }
        events.add(new Series.StoryEvent(atMs, "group", what, StoryKind.GROUP_CONVERTED, null, -1, epoch, to));
    }

    private void addForMember(String memberId, Series.StoryEvent event) {
        if (memberId != null) {
            memberIds.put(events.size(), memberId);
        }
        events.add(event);
    }

    /** The story with every member id resolved to its pod ({@code podOf} gives null for an unknown id). */
    List<Series.StoryEvent> resolved(Function<String, String> podOf) {
        List<Series.StoryEvent> resolved = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            Series.StoryEvent event = events.get(i);
            String memberId = memberIds.get(i);
            String pod = memberId == null ? event.pod() : podOf.apply(memberId);
            String by = convertedBy.get(i);
            String what = by == null ? event.what() : Objects.requireNonNullElse(podOf.apply(by), "member " + by) + " "
                    + event.what();
            resolved.add(new Series.StoryEvent(event.atMs(), event.subject(), what, event.kind(), pod,
                    event.durationMs(), event.generation(), event.detail()));
        }
        return resolved;
    }
}
