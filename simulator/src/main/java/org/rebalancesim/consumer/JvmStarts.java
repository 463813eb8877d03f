package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.scenario.StartupSpec;

/**
 * The JVM starts of a run's pods, their clients' warm-ups after them, and how they share their node's
 * cores (docs/kafka-semantics.md §22): both are CPU work of a process that is starting.
 *
 * <p>Without {@code consumers.startup.nodeCores} a start takes its drawn {@code jvmStart}, however many
 * pods start at once. With it, a start is that much work for a JVM that has the {@code coresPerStart}
 * cores it keeps busy (k, 1 unless the scenario says) to itself, and the JVMs starting on a node at the
 * same time share its cores equally (processor sharing): while n of them start on a node of c cores, each
 * progresses at min(1, c / (n k)) of its own speed. So a lone start on a node of at least k cores takes
 * exactly its draw; with k = 2, three starts of equal work on 2 cores, begun together, each take three
 * times as long, where k = 1 would give 1.5 times. Only JVMs still starting compete: running consumers
 * are not charged, as their CPU use is not modelled.
 *
 * <p>With {@code coreShareSpread} (sigma &gt; 0) the shares are unequal, as a kernel's scheduler makes them
 * between JVMs starting together (docs/kafka-semantics.md §22): each process draws a lognormal weight w of
 * median 1 from its pod's stream {@code core-share:<pod>} when its JVM starts, keeps it for its client's
 * warm-up, and progresses at min(1, c w / (k W)), W the weights of the ones under way. While none is capped
 * the node does the same work per ms as with equal shares (c / k); which start gets ahead varies from start to
 * start.
 */
public final class JvmStarts {

    /** Work below this (a floating-point remainder) is done. */
    private static final double DONE_MS = 1e-6;

    private final Simulation sim;
    private final StartupSpec startup;
    /**
     * Each pod's place in {@code consumers.all()}, then in the order a workload's controller creates more: its node
     * is {@link StartupSpec#nodeOf} of it.
     */
    private final Map<String, Integer> podIndex = new HashMap<>();
    private final Map<Integer, Node> nodes = new TreeMap<>();
    private final long seed;
    /** Each pod's stream of share weights, made at its first weighted start. */
    private final Map<String, RandomGenerator> shareWeights = new HashMap<>();
    /** The weight of each pod's present process, drawn at its JVM's start and kept for its warm-up. */
    private final Map<String, Double> processWeights = new HashMap<>();

    public JvmStarts(Simulation sim, ConsumersSpec consumers, long seed) {
        this.sim = sim;
        this.startup = consumers.startup();
        this.seed = seed;
        for (String pod : consumers.all()) {
            podIndex.put(pod, podIndex.size());
        }
    }

    /** Starts {@code workMs} of a new JVM's start-up work for {@code pod}; {@code started} runs when it is done. */
    void beginStart(String pod, long workMs, Runnable started) {
        if (startup.hasContention()) {
            processWeights.put(pod, nextShareWeight(pod));
        }
        begin(pod, workMs, started);
    }

    /** Starts {@code workMs} of the pod's client warm-up, in the process whose start came before it. */
    void beginWarmup(String pod, long workMs, Runnable warmedUp) {
        begin(pod, workMs, warmedUp);
    }

    private void begin(String pod, long workMs, Runnable done) {
        if (!startup.hasContention()) {
            sim.after(workMs, done);
            return;
        }
        nodes.computeIfAbsent(startup.nodeOf(indexOf(pod)), node -> new Node())
                .add(new Start(pod, workMs, done, processWeights.getOrDefault(pod, 1.0)));
    }

    /** The pod's start or warm-up was called off (a crash or stop meanwhile): it no longer takes a share. */
    void abort(String pod) {
        if (startup.hasContention()) {
            Node node = nodes.get(startup.nodeOf(indexOf(pod)));
            if (node != null) {
                node.remove(pod);
            }
        }
    }

    /** 1 with equal shares (nothing drawn), else the pod's next lognormal weight of median 1. */
    private double nextShareWeight(String pod) {
        if (startup.coreShareSpread() == StartupSpec.EQUAL_SHARES) {
            return 1.0;
        }
        RandomGenerator random = shareWeights.computeIfAbsent(pod, p -> Rng.stream(seed, "core-share:" + p));
        return Math.exp(startup.coreShareSpread() * random.nextGaussian());
    }

    private int indexOf(String pod) {
        return podIndex.computeIfAbsent(pod, created -> podIndex.size());
    }

    private static final class Start {
        final String pod;
        final Runnable started;
        final double weight;
        double remainingMs;

        Start(String pod, long workMs, Runnable started, double weight) {
            this.pod = pod;
            this.remainingMs = workMs;
            this.started = started;
            this.weight = weight;
        }
    }

    /** The starts in progress on one node, in the order they began, and the timer of the next to finish. */
    private final class Node {
        private final List<Start> starting = new ArrayList<>();
        private final Timer nextDone = sim.timer();
        private long progressedToMs;

        void add(Start start) {
            progress();
            starting.add(start);
            reschedule();
        }

        void remove(String pod) {
            progress();
            starting.removeIf(start -> start.pod.equals(pod));
            reschedule();
        }

        /** A start's speed, as a share of its speed alone, while the present ones run together. */
        private double rate(Start start, double weights) {
            return Math.min(1.0, startup.nodeCores() * start.weight / (weights * startup.coresPerStart()));
        }

        private double weights() {
            double weights = 0;
            for (Start start : starting) {
                weights += start.weight;
            }
            return weights;
        }

        /** Charges the work done since the last change, at the rates that held meanwhile. */
        private void progress() {
            long elapsedMs = sim.nowMs() - progressedToMs;
            double weights = weights();
            for (Start start : starting) {
                start.remainingMs -= elapsedMs * rate(start, weights);
            }
            progressedToMs = sim.nowMs();
        }

        private void reschedule() {
            if (starting.isEmpty()) {
                nextDone.cancel();
                return;
            }
            double weights = weights();
            double soonestMs = starting.stream().mapToDouble(start -> Math.max(0, start.remainingMs)
                    / rate(start, weights)).min().orElseThrow();
            long dueMs = sim.nowMs() + (long) Math.ceil(soonestMs - DONE_MS);
            nextDone.scheduleAt(dueMs, this::finishDue);
        }

        private void finishDue() {
            progress();
            List<Start> done = new ArrayList<>();
            for (Start start : starting) {
                if (start.remainingMs <= DONE_MS) {
                    done.add(start);
                }
            }
            starting.removeAll(done);
            reschedule();
            done.forEach(start -> start.started.run());
        }
    }
}
