package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The member epochs of a streams-protocol run's task events. Under KIP-1071 no worker knows its member's
 * epoch (Kafka Streams builds and keeps the main consumer; docs/kafka-semantics.md §27), so its
 * {@code assigned} and {@code revoked} carry none; the coordinator's answers do ({@link GroupStatePoller}'s
 * {@code epoch} events per pod). Each task event gets the epoch its pod's member had at that moment, as a
 * consumer-protocol worker's callbacks carry it: a task that starts running after its member reached epoch
 * G is one of G's grants, also when it waited for another member to release it (Completions' late grants).
 */
final class StreamsMemberEpochs {

    private static final Set<String> TASK_EVENTS = Set.of("assigned", "revoked", "lost");
    /** A new process is a new member: the last one's epoch is not its own. */
    private static final Set<String> NEW_MEMBER = Set.of("podStart", "started");

    private StreamsMemberEpochs() {
    }

    /** {@code events} (in time order) with each task event's generation set to its pod's epoch then. */
    static List<MeasuredEvent> stamp(List<MeasuredEvent> events) {
        Map<String, Integer> epochOfPod = new HashMap<>();
        List<MeasuredEvent> stamped = new ArrayList<>(events.size());
        for (MeasuredEvent event : events) {
            String pod = event.pod();
            if ("epoch".equals(event.type())) {
                epochOfPod.put(pod, event.generation());
            } else if (NEW_MEMBER.contains(event.type())) {
                epochOfPod.remove(pod);
            } else if (TASK_EVENTS.contains(event.type()) && event.generation() <= 0 && epochOfPod.containsKey(pod)) {
                event = new MeasuredEvent(event.atMs(), pod, event.type(), event.partitions(), epochOfPod.get(pod),
                        event.partition(), event.from(), event.to(), event.records(), event.error(), event.memberId());
            }
            stamped.add(event);
        }
        return stamped;
    }
}
