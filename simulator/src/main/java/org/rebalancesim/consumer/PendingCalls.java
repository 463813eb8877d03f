package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;

/**
 * The requests a client has in flight to the coordinator. Each completes exactly once: with its
 * response, with REQUEST_TIMED_OUT when {@code request.timeout.ms} passes, or with NOT_COORDINATOR
 * when the client drops its coordinator connection (markCoordinatorUnknown disconnects, which fails
 * every request in flight).
 */
final class PendingCalls {

    private final Simulation sim;
    private final List<Call<?>> inFlight = new ArrayList<>();
    /** What waits for no call to be in flight (close() awaiting its requests), or null. */
    private Runnable whenIdle;
    private Timer idleTimeout;

    PendingCalls(Simulation sim) {
        this.sim = sim;
    }

    /** Registers a call; returns the callback the network completes it with. */
    <R> Consumer<R> open(long timeoutMs, Function<Errors, R> errorResponse, Consumer<R> onResponse) {
        // A timer, so that an answered call drops its timeout (it still counts as an event).
        Call<R> call = new Call<>(errorResponse, onResponse, sim.timer());
        inFlight.add(call);
        call.timeout.schedule(timeoutMs, () -> complete(call, errorResponse.apply(Errors.REQUEST_TIMED_OUT)));
        return response -> complete(call, response);
    }

    /** Fails every call in flight with NOT_COORDINATOR (after the current event, never re-entrantly). */
    void disconnect() {
        List<Call<?>> failed = new ArrayList<>(inFlight);
        sim.after(0, () -> failed.forEach(call -> call.fail(this)));
    }

    /**
     * Runs {@code action} once no call is in flight (at once if none is), or when {@code timeoutMs} has
     * passed: close() waiting for its pending requests, within its close timeout (docs/kafka-semantics.md §22).
     */
    void whenIdle(long timeoutMs, Runnable action) {
        if (inFlight.isEmpty()) {
            action.run();
            return;
        }
        whenIdle = action;
        idleTimeout = sim.timer();
        idleTimeout.schedule(timeoutMs, this::idle);
    }

    private void idle() {
        Runnable action = whenIdle;
        whenIdle = null;
        if (idleTimeout != null) {
            idleTimeout.cancel();
        }
        if (action != null) {
            action.run();
        }
    }

    /** Forgets every call: their responses will be ignored (the process is gone). */
    void abandon() {
        inFlight.forEach(call -> {
            call.done = true;
            call.timeout.cancel();
        });
        inFlight.clear();
    }

    private <R> void complete(Call<R> call, R response) {
        if (call.done) {
            return;
        }
        call.done = true;
        call.timeout.cancel();
        inFlight.remove(call);
        call.onResponse.accept(response);
        if (inFlight.isEmpty() && whenIdle != null) {
            idle();
        }
    }

    private static final class Call<R> {
        private final Function<Errors, R> errorResponse;
        private final Consumer<R> onResponse;
        private final Timer timeout;
        private boolean done;

        Call(Function<Errors, R> errorResponse, Consumer<R> onResponse, Timer timeout) {
            this.errorResponse = errorResponse;
            this.onResponse = onResponse;
            this.timeout = timeout;
        }

        void fail(PendingCalls calls) {
            calls.complete(this, errorResponse.apply(Errors.NOT_COORDINATOR));
        }
    }
}
