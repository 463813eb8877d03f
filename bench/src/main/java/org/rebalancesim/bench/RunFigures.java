package org.rebalancesim.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What one single-shot iteration reports besides its time: the events it ran, the simulated time
 * it covered, and the heap's peak. JMH records these per iteration (EVENTS counters are not divided
 * by time); scripts/bench takes their medians and divides.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class RunFigures {

    /** Whole runs in the iteration. */
    public long runs;
    /** Events the iteration ran (superseded timer expiries included, as in eventsSimulated). */
    public long events;
    /** Simulated ms the iteration covered. */
    public long simulatedMs;
    /** The sum over heap pools of their peak use during the iteration, in MiB: an upper bound of the heap's peak. */
    public double peakHeapMiB;

    @Setup(Level.Iteration)
    public void reset() {
        runs = 0;
        events = 0;
        simulatedMs = 0;
        peakHeapMiB = 0;
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    void add(long runEvents, long runSimulatedMs) {
        runs++;
        events += runEvents;
        simulatedMs += runSimulatedMs;
    }

    /** Reads the peak of this iteration: call at the end of the benchmark method. */
    void readPeakHeap() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                bytes += pool.getPeakUsage().getUsed();
            }
        }
        peakHeapMiB = bytes / (1024.0 * 1024.0);
    }
}
