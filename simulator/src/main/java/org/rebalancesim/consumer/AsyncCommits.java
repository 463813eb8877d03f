package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;

/**
 * One process's commitAsync calls (consumers.application.commit: async). The thread does not wait for them,
 * and a failure reaches only the commit's callback, which the modelled application leaves at that: no retry
 * (ConsumerCoordinator#commitOffsetsAsync; docs/kafka-semantics.md §6). They reach the coordinator in the
 * order they were made, as requests on one connection do: the model sends the next once the one before is
 * answered (its links draw each message's latency on its own), folding commits asked for meanwhile into one of
 * the positions consumed by then, and a commitSync asked for meanwhile goes after them.
 */
final class AsyncCommits {

    private boolean inFlight;
    private boolean another;
    private final Deque<Runnable> waiting = new ArrayDeque<>();

    boolean inFlight() {
        return inFlight;
    }

    /** A commit that must wait for the one in flight. */
    void then(Runnable commit) {
        waiting.add(commit);
    }

    /** A commitAsync: sent now, or after the one in flight. */
    void commit(Consumer<Consumer<Errors>> send) {
        if (inFlight) {
            if (!another) {
                another = true;
                waiting.add(() -> {
                    another = false;
                    commit(send);
                });
            }
            return;
        }
        inFlight = true;
        send.accept(error -> {
            inFlight = false;
            while (!inFlight && !waiting.isEmpty()) {
                waiting.poll().run();
            }
        });
    }
}
