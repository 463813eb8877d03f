package org.rebalancesim.bench;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;

/**
 * The classic hold model of discrete-event simulation: {@code pending} events in the queue, and each
 * event, when it runs, schedules one new event at now + a random increment (uniform over 0 ..
 * 2 x pending ms, so about one event per simulated ms and many equal times). Three loops of the same
 * shape: the simulator's event loop with plain actions, the same with keyed timers (each firing
 * re-arms its timer twice, so one expiry in two is superseded, as timers are in the model), and a
 * bare java.util.PriorityQueue of (time, sequence) entries doing nothing but insert and poll.
 * {@code events} per second is the figure (superseded expiries count, as they do in a run).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EngineBenchmark {

    /** Simulated ms per invocation: about this many events. */
    private static final long SLICE_MS = 10_000;
    private static final int INCREMENTS = 1 << 16;

    @Param({"1000", "100000"})
    public int pending;

    private long[] increments;
    private int cursor;
    private Simulation sim;
    private Runnable hold;
    private PriorityQueue<Entry> queue;
    private long queueNowMs;
    private long nextSequence;

    private record Entry(long timeMs, long sequence) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry other) {
            int byTime = Long.compare(timeMs, other.timeMs);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }

    @Setup(Level.Trial)
    public void increments() {
        SplittableRandom random = new SplittableRandom(42);
        increments = new long[INCREMENTS];
        for (int i = 0; i < INCREMENTS; i++) {
            increments[i] = random.nextLong(2L * pending + 1);
        }
    }

    private long next() {
        long increment = increments[cursor];
        cursor = (cursor + 1) & (INCREMENTS - 1);
        return increment;
    }

    @Setup(Level.Iteration)
    public void fill() {
        cursor = 0;
        sim = new Simulation(Long.MAX_VALUE);
        hold = () -> sim.after(next(), hold);
        queue = new PriorityQueue<>();
        queueNowMs = 0;
        nextSequence = 0;
        for (int i = 0; i < pending; i++) {
            long atMs = next();
            sim.at(atMs, hold);
            queue.add(new Entry(atMs, nextSequence++));
        }
    }

    @Benchmark
    public void engine(EventCounter counter) {
        long before = sim.eventsRun();
        sim.runUntil(sim.nowMs() + SLICE_MS);
        counter.events += sim.eventsRun() - before;
    }

    /** Timers: one per pending event; each firing arms its own timer, then re-arms it (one stale expiry). */
    @State(Scope.Thread)
    public static class Timers {
        Simulation sim;

        @Setup(Level.Iteration)
        public void fill(EngineBenchmark hold) {
            sim = new Simulation(Long.MAX_VALUE);
            for (int i = 0; i < hold.pending; i++) {
                Timer timer = sim.timer();
                Runnable[] fire = new Runnable[1];
                fire[0] = () -> {
                    timer.schedule(hold.next(), fire[0]);
                    timer.schedule(hold.next(), fire[0]);
                };
                timer.schedule(hold.next(), fire[0]);
            }
        }
    }

    @Benchmark
    public void engineTimers(Timers timers, EventCounter counter) {
        long before = timers.sim.eventsRun();
        timers.sim.runUntil(timers.sim.nowMs() + SLICE_MS);
        counter.events += timers.sim.eventsRun() - before;
    }

    @Benchmark
    public void priorityQueue(EventCounter counter) {
        long endMs = queueNowMs + SLICE_MS;
        long events = 0;
        while (queue.peek().timeMs() <= endMs) {
            Entry entry = queue.poll();
            queueNowMs = entry.timeMs();
            queue.add(new Entry(queueNowMs + next(), nextSequence++));
            events++;
        }
        queueNowMs = endMs;
        counter.events += events;
    }
}
