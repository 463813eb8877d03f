package org.rebalancesim.coordinator;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * Responses waiting to be handed to their callbacks. The coordinator first finishes changing the group,
 * then delivers: a callback that sends a new request at once (zero network latency) therefore never
 * sees a half-updated group, and deliveries keep the order in which they were decided. Shared by the
 * classic and the consumer-protocol coordinators.
 */
public final class Outbox {

    /** A model bug guard: so many responses in one flush means requests answer each other forever. */
    private static final int MAX_DELIVERIES_PER_FLUSH = 1_000_000;

    private final ArrayDeque<Runnable> pending = new ArrayDeque<>();
    private boolean flushing;

    public <T> void send(Consumer<T> callback, T response) {
        pending.add(() -> callback.accept(response));
    }

    /** Delivers everything queued; a nested call (from inside a callback) leaves the draining to the outer one. */
    public void flush() {
        if (flushing) {
            return;
        }
        flushing = true;
        try {
            int delivered = 0;
            Runnable next;
            while ((next = pending.poll()) != null) {
                if (++delivered > MAX_DELIVERIES_PER_FLUSH) {
                    throw new IllegalStateException("more than " + MAX_DELIVERIES_PER_FLUSH
                            + " coordinator responses in one flush: requests and responses loop without time passing");
                }
                next.run();
            }
        } finally {
            flushing = false;
        }
    }
}
