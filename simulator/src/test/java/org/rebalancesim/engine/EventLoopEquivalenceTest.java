package org.rebalancesim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The event loop against the plainest one that could be right: a PriorityQueue of (time, sequence)
 * records and timers with lazy cancellation, as the simulator's first loop was. The same random
 * model (plain events, timers re-armed and cancelled from inside events) runs on both; the actions
 * must run in the same order at the same times, the event counts must agree after every step (a
 * superseded expiry still counts), and a loop that hits its bound must fail at the same event.
 */
class EventLoopEquivalenceTest {

    /** What the model needs from a loop. */
    private interface Loop {
        long now();

        void at(long atMs, Runnable action);

        Keyed timer();

        void runUntil(long endMs);

        long eventsRun();
    }

    private interface Keyed {
        void scheduleAt(long atMs, Runnable action);

        void cancel();
    }

    @Test
    void sameOrderSameTimesSameCountsAsThePlainLoop() {
        for (long seed = 1; seed <= 40; seed++) {
            Outcome reference = run(new ReferenceLoop(Long.MAX_VALUE), seed, 6);
            Outcome engine = run(new EngineLoop(Long.MAX_VALUE), seed, 6);
            assertEquals(reference.trace(), engine.trace(), "seed " + seed);
            assertEquals(reference.counts(), engine.counts(), "seed " + seed);
            assertEquals(null, engine.failure());
        }
    }

    @Test
    void theBoundStopsBothLoopsAtTheSameEvent() {
        for (long seed = 1; seed <= 15; seed++) {
            long total = run(new ReferenceLoop(Long.MAX_VALUE), seed, 6).counts().get(5);
            for (long bound : new long[] {1, 7, Math.max(1, total / 3), Math.max(1, total / 2), Math.max(1, total - 1), total}) {
                Outcome reference = run(new ReferenceLoop(bound), seed, 6);
                Outcome engine = run(new EngineLoop(bound), seed, 6);
                assertEquals(reference.failure(), engine.failure(), "seed " + seed + ", bound " + bound);
                assertEquals(reference.trace(), engine.trace(), "seed " + seed + ", bound " + bound);
                assertEquals(reference.counts(), engine.counts(), "seed " + seed + ", bound " + bound);
            }
            assertTrue(run(new EngineLoop(total - 1), seed, 6).failure() != null);
        }
    }

    private record Outcome(List<String> trace, List<Long> counts, String failure) {
    }

    /** Runs the random model in {@code steps} calls of runUntil; the trace is "action@time". */
    private static Outcome run(Loop loop, long seed, int steps) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> trace = new ArrayList<>();
        List<Keyed> timers = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            timers.add(loop.timer());
        }
        Model model = new Model(loop, random, trace, timers);
        for (int i = 0; i < 20; i++) {
            model.act("setup" + i);
        }
        List<Long> counts = new ArrayList<>();
        try {
            for (int step = 1; step <= steps; step++) {
                loop.runUntil(step * 400L);
                counts.add(loop.eventsRun());
            }
        } catch (SimulationLimitException e) {
            return new Outcome(trace, counts, e.getMessage());
        }
        return new Outcome(trace, counts, null);
    }

    /**
     * Each action schedules one to three more (until the model has made {@link #ACTIONS}): plain events,
     * timers armed (mostly re-armed, leaving a stale expiry behind) and cancelled.
     */
    private record Model(Loop loop, SplittableRandom random, List<String> trace, List<Keyed> timers) {
        static final int ACTIONS = 4000;

        void act(String name) {
            trace.add(name + "@" + loop.now());
            int actions = trace.size() < ACTIONS ? 1 + random.nextInt(3) : 0;
            for (int i = 0; i < actions; i++) {
                String child = name.length() > 40 ? "n" + random.nextInt(1000) : name + "." + i;
                long at = loop.now() + (random.nextInt(4) == 0 ? 0 : random.nextInt(300));
                switch (random.nextInt(8)) {
                    case 0, 1, 2, 3 -> loop.at(at, () -> act(child));
                    case 4, 5, 6 -> timers.get(random.nextInt(timers.size())).scheduleAt(at, () -> act("t" + child));
                    default -> timers.get(random.nextInt(timers.size())).cancel();
                }
            }
        }
    }

    private static final class EngineLoop implements Loop {
        private final Simulation sim;

        EngineLoop(long maxEvents) {
            this.sim = new Simulation(maxEvents);
        }

        @Override
        public long now() {
            return sim.nowMs();
        }

        @Override
        public void at(long atMs, Runnable action) {
            sim.at(atMs, action);
        }

        @Override
        public Keyed timer() {
            Timer timer = sim.timer();
            return new Keyed() {
                @Override
                public void scheduleAt(long atMs, Runnable action) {
                    timer.scheduleAt(atMs, action);
                }

                @Override
                public void cancel() {
                    timer.cancel();
                }
            };
        }

        @Override
        public void runUntil(long endMs) {
            sim.runUntil(endMs);
        }

        @Override
        public long eventsRun() {
            return sim.eventsRun();
        }
    }

    /** The plain loop: every expiry stays queued and pops, stale or not. */
    private static final class ReferenceLoop implements Loop {
        private record Event(long timeMs, long sequence, Runnable action) implements Comparable<Event> {
            @Override
            public int compareTo(Event other) {
                int byTime = Long.compare(timeMs, other.timeMs);
                return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
            }
        }

        private final PriorityQueue<Event> queue = new PriorityQueue<>();
        private final long maxEvents;
        private long nowMs;
        private long nextSequence;
        private long eventsRun;

        ReferenceLoop(long maxEvents) {
            this.maxEvents = maxEvents;
        }

        @Override
        public long now() {
            return nowMs;
        }

        @Override
        public void at(long atMs, Runnable action) {
            queue.add(new Event(atMs, nextSequence++, action));
        }

        @Override
        public Keyed timer() {
            long[] generation = {0};
            return new Keyed() {
                @Override
                public void scheduleAt(long atMs, Runnable action) {
                    long armed = ++generation[0];
                    at(atMs, () -> {
                        if (armed == generation[0]) {
                            action.run();
                        }
                    });
                }

                @Override
                public void cancel() {
                    generation[0]++;
                }
            };
        }

        @Override
        public void runUntil(long endMs) {
            while (!queue.isEmpty() && queue.peek().timeMs() <= endMs) {
                Event event = queue.poll();
                nowMs = event.timeMs();
                if (++eventsRun > maxEvents) {
                    throw new SimulationLimitException("the simulation exceeded its bound of " + maxEvents
                            + " events at simulated time " + nowMs + " ms; the scenario is too large"
                            + " or the model loops (raise --max-events if the scenario is really that big)");
                }
                event.action().run();
            }
            nowMs = Math.max(nowMs, endMs);
        }

        @Override
        public long eventsRun() {
            return eventsRun;
        }
    }
}
