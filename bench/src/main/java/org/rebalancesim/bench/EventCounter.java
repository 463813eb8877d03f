package org.rebalancesim.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** JMH reports {@code events} per second next to the invocations per second. */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class EventCounter {

    public long events;

    @Setup(Level.Iteration)
    public void reset() {
        events = 0;
    }
}
