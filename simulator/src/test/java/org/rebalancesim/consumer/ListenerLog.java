package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.CoordinatorEvents;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.PodEvents;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.run.SimRuns;

/**
 * What a run's pods and coordinator publish about rebalance callbacks, in time order: the group's states,
 * each pod's SyncGroup answers (or KIP-848 reconciliations), callbacks and first fetches.
 */
final class ListenerLog {

    /** One event at its simulated time: kind is state, completed, callback, assigned, revoked or fetched. */
    record Entry(long atMs, String kind, String pod, String text, long durationMs) {
    }

    final List<Entry> entries = new ArrayList<>();

    static ListenerLog run(String yaml, String name) {
        ListenerLog log = new ListenerLog();
        Function<Simulation, GroupListener> observer = sim -> new GroupListener() {
            @Override
            public void groupStateChanged(CoordinatorEvents.GroupStateChanged event) {
                log.entries.add(new Entry(sim.nowMs(), "state", "", String.valueOf(event.to()), 0));
            }

            @Override
            public void podRebalanceCompleted(PodEvents.PodRebalanceCompleted event) {
                log.entries.add(new Entry(sim.nowMs(), "completed", event.pod(), "", 0));
            }

            @Override
            public void story(PodEvents.Story event) {
                if (event.kind() == StoryKind.LISTENER_CALLBACK) {
                    log.entries.add(new Entry(sim.nowMs(), "callback", event.subject(), event.what(),
                            event.durationMs()));
                }
            }

            @Override
            public void partitionsAssigned(PodEvents.PartitionsAssigned event) {
                log.entries.add(new Entry(sim.nowMs(), "assigned", event.pod(), event.partitions().toString(),
                        event.callbackMs()));
            }

            @Override
            public void partitionsRevoked(PodEvents.PartitionsRevoked event) {
                log.entries.add(new Entry(sim.nowMs(), "revoked", event.pod(), event.partitions().toString(),
                        event.callbackMs()));
            }

            @Override
            public void fetched(PodEvents.Fetched event) {
                log.entries.add(new Entry(sim.nowMs(), "fetched", event.pod(), event.ranges().toString(), 0));
            }
        };
        SimRuns.observe(yaml, name, observer);
        return log;
    }

    List<Entry> of(String kind, String pod) {
        return entries.stream().filter(e -> e.kind().equals(kind) && e.pod().equals(pod)).toList();
    }

    /** The first entry of {@code kind} (any pod for a state) at or after {@code fromMs}. */
    Entry firstAfter(String kind, String pod, long fromMs) {
        return entries.stream().filter(e -> e.kind().equals(kind) && (pod == null || e.pod().equals(pod))
                && e.atMs() >= fromMs).findFirst().orElseThrow(() -> new AssertionError("no " + kind + " of " + pod
                + " after " + fromMs + ": " + entries));
    }
}
