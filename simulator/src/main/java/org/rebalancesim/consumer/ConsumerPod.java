package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.cluster.Link;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.PodConfigChange;
import org.rebalancesim.scenario.ReplayedStarts;
import org.rebalancesim.scenario.TopicPattern;

/**
 * A pod: the unit the timeline speaks of. It keeps its name, network link and instance id across
 * restarts; each start runs a new process (built by the client of its configuration's protocol, {@link PodConfigs}) after a JVM
 * start-up time drawn for that start, and a graceful close ends with the process's exit time
 * (docs/kafka-semantics.md §22). A Kafka Streams pod with num.stream.threads N runs N group members in that
 * one JVM ({@link StreamThreads}): they start, pause, close and die together, and the pod has exited once
 * all of them have.
 */
public final class ConsumerPod {

    private final PodContext ctx;
    private final String name;
    private final Link link;
    private final PollLoop.SlowRecords slowRecords = new PollLoop.SlowRecords();
    private final DurationDraws jvmStarts;
    private final DurationDraws jvmExits;
    private final DurationDraws clientWarmups;
    private List<String> subscription;
    /** The pattern or regex the pod subscribes with, or null; a subscribe to topics replaces it. */
    private TopicPattern pattern;
    /** The running process's group members: one, or a Kafka Streams instance's stream threads. */
    private List<ConsumerProcess> threads = List.of();
    /** How many of the running incarnation's threads are still to exit. */
    private int threadsLeft;
    /** A crash kills the threads one by one: none of them is dying on its own. */
    private boolean killing;
    private boolean starting;
    /** The running process's consumer is still in its clientWarmup: it has sent nothing yet. */
    private boolean warmingUp;
    /** Bumped when a crash or stop hits a pod that is still starting: its pending start is void. */
    private int startEpoch;
    /** How many processes the pod has started: each KIP-848 process makes its own member id. */
    private int incarnation;
    /** How many starts the pod has begun (some end before their process is up): the replayed one's number. */
    private int launches;
    /** The running start's replayed times (those it draws marked so). */
    private ReplayedStarts.Start replayedStart;
    /** The incarnation being closed gracefully (its exit still to come), or 0. */
    private int closingIncarnation;
    /** The last incarnation whose exit has been handled: a late notice of an earlier exit is ignored. */
    private int exitedIncarnation;
    /** What waits for the running process to end (a restart's next start), or null. */
    private Runnable afterExit;
    /** A Kubernetes workload's kubelet, which starts the container again when it exits on its own; or null. */
    private final PodKubelet kubelet;
    /** The running process ends because the timeline said so (a stop, or a crash it restarts itself). */
    private boolean exitByTimeline;
    /** The workload's controller, which follows the container's life; or nobody. */
    private PodWatcher watcher = PodWatcher.NONE;

    public ConsumerPod(PodContext ctx, String name) {
        this.ctx = ctx;
        this.name = name;
        this.link = ctx.cluster().linkFor(name);
        this.pattern = ctx.consumers().pattern();
        // A pattern subscriber starts with no topic: its first poll() matches the pattern against its metadata, or
        // (regex:) the group coordinator resolves it.
        this.subscription = pattern == null ? ctx.consumers().subscribe() : List.of();
        this.jvmStarts = new DurationDraws(ctx.consumers().startup().jvmStart(), ctx.seed(), "jvm-start", name);
        this.jvmExits = new DurationDraws(ctx.consumers().startup().jvmExit(), ctx.seed(), "jvm-exit", name);
        this.clientWarmups = new DurationDraws(ctx.consumers().startup().clientWarmup(), ctx.seed(), "client-warmup",
                name);
        this.kubelet = ctx.consumers().restartedByKubelet() ? new PodKubelet(ctx, name) : null;
    }

    public String name() {
        return name;
    }

    /** {@code watcher} hears the pod's container start, come up and end from now on. */
    public void watchedBy(PodWatcher podWatcher) {
        this.watcher = podWatcher;
    }

    /** Running: started and not crashed or stopped (it may be paused or cut off). */
    public boolean isRunning() {
        for (ConsumerProcess thread : threads) {
            if (thread.jvm().isAlive()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Starts the pod now: its process is up after a jvmStart drawn for this start (slower while other JVMs
     * start on its node), and its consumer sends its first request a clientWarmup later (the cold
     * client's first poll()). A pod whose last process is still exiting starts once it has exited.
     */
    public void start() {
        if (isRunning() || starting) {
            return;
        }
        exitByTimeline = false;
        if (kubelet != null) {
            kubelet.cancel();
        }
        if (closingIncarnation != 0) {
            Runnable waiting = afterExit;
            afterExit = waiting == null ? this::start : () -> {
                waiting.run();
                start();
            };
            return;
        }
        starting = true;
        int epoch = startEpoch;
        ctx.events().publish(new PodStateChanged(name, MemberState.DOWN));
        watcher.containerStarted(name);
        replayedStart = ctx.consumers().startup().replayed().start(name, launches++);
        ctx.jvmStarts().beginStart(name, replayedStart.jvmStartMs(jvmStarts::nextMs), () -> {
            if (epoch != startEpoch) {
                return;
            }
            starting = false;
            int started = ++incarnation;
            List<ConsumerProcess> created = new ArrayList<>();
            ClientFactory client = ctx.clientOf(name);
            for (String thread : StreamThreads.names(name, ctx.consumers())) {
                created.add(client.create(ctx, thread, link, subscription, slowRecords, started,
                        () -> threadExited(started)));
            }
            created.forEach(thread -> thread.subscribePattern(pattern));
            threads = List.copyOf(created);
            threadsLeft = threads.size();
            ctx.events().publish(new Story(name, StoryKind.STARTED, -1, "started"));
            for (ConsumerProcess thread : threads) {
                thread.processUp();
                thread.pollLoop().updateDisplay();
            }
            watcher.applicationUp(name);
            warmUp(started);
        });
    }

    /**
     * The cold client's first poll() does clientWarmup of CPU work before its first request; like the
     * JVM's start it shares the node's cores with the other starting JVMs. A crash or a close meanwhile
     * calls it off: the process never sends anything.
     */
    private void warmUp(int started) {
        long warmupMs = replayedStart.clientWarmupMs(clientWarmups::nextMs);
        if (warmupMs == 0) {
            threads.forEach(ConsumerProcess::start);
            return;
        }
        warmingUp = true;
        List<ConsumerProcess> warming = threads;
        ctx.jvmStarts().beginWarmup(name, warmupMs, () -> {
            if (warmingUp && warming == threads && incarnation == started) {
                warmingUp = false;
                warming.forEach(thread -> thread.jvm().run(thread::start));
            }
        });
    }

    private void abortWarmUp() {
        if (warmingUp) {
            warmingUp = false;
            ctx.jvmStarts().abort(name);
        }
    }

    /** Graceful shutdown: close(). The pod is gone: a workload's kubelet does not start it again. */
    public void stop() {
        exitByTimeline = true;
        if (kubelet != null) {
            kubelet.podDeleted();
        }
        abortStart();
        abortWarmUp();
        if (!isRunning()) {
            return;
        }
        if (kubelet == null) {
            close(incarnation, "stopping (close())");
            return;
        }
        // Deleted: the process works on through the preStop hook; SIGTERM starts close().
        int terminated = incarnation;
        kubelet.terminate(() -> {
            if (incarnation == terminated && isRunning() && closingIncarnation != terminated) {
                close(terminated, "stopping (SIGTERM: close())");
            }
        }, stopWindowMs -> {
            if (incarnation == terminated && exitedIncarnation < terminated) {
                kill(stopWindowMs, "killed (SIGKILL) at the end of terminationGracePeriodSeconds");
            }
        });
    }

    private void close(int which, String why) {
        ctx.events().publish(new Story(name, StoryKind.STOPPING, -1, why));
        closingIncarnation = which;
        alive().forEach(ConsumerProcess::close);
    }

    private void abortStart() {
        if (starting) {
            starting = false;
            startEpoch++;
            ctx.jvmStarts().abort(name);
            ctx.events().publish(Story.of(name, "stopped while its JVM was starting"));
            watcher.containerEnded(name);
        }
    }

    /**
     * The process dies at once: no commit, no LeaveGroup. A process still exiting after close() is killed. A
     * workload's kubelet starts the container again unless {@code restartedByTimeline} (crash with restartAfter).
     */
    public void crash(boolean restartedByTimeline) {
        exitByTimeline |= restartedByTimeline;
        if (restartedByTimeline && kubelet != null) {
            kubelet.cancel();
        }
        boolean wasStarting = starting;
        abortStart();
        abortWarmUp();
        if (wasStarting && kubelet != null && !exitByTimeline) {
            // The container died while its JVM started: an exit like any other to the kubelet.
            kubelet.containerExited(this::start);
        } else {
            kill(-1, "crashed");
        }
    }

    /**
     * The running process dies now, or the one still exiting after close() is killed; {@code stopWindowMs}: the
     * time close() had from SIGTERM to the kubelet's SIGKILL, or -1 for a crash.
     */
    private void kill(long stopWindowMs, String how) {
        if (isRunning()) {
            ctx.events().publish(new Story(name, StoryKind.CRASHED, stopWindowMs, how));
            closingIncarnation = 0;
            killing = true;
            alive().forEach(ConsumerProcess::die);
            killing = false;
        } else if (closingIncarnation != 0) {
            ctx.events().publish(new Story(name, StoryKind.CRASHED, -1, "killed while exiting after close()"));
            exited(closingIncarnation);
        }
    }

    /**
     * Graceful stop, then a new process after {@code downtimeMs} (counted from the process's exit), configured
     * as {@code change} says for this pod from then on.
     */
    public void restart(long downtimeMs, PodConfigChange change) {
        ctx.configs().restartWith(change, name);
        restart(downtimeMs);
    }

    /** Starts the pod, its processes configured as {@code change} says for it from then on (a rollout's template). */
    public void start(PodConfigChange change) {
        ctx.configs().restartWith(change, name);
        start();
    }

    /** Graceful stop, then a new process after {@code downtimeMs} (counted from the process's exit). */
    public void restart(long downtimeMs) {
        if (!isRunning()) {
            ctx.sim().after(downtimeMs, this::start);
            return;
        }
        afterExit = () -> ctx.sim().after(downtimeMs, this::start);
        stop();
    }

    /** The running process's threads that have not ended. */
    private List<ConsumerProcess> alive() {
        return threads.stream().filter(thread -> thread.jvm().isAlive()).toList();
    }

    /**
     * A thread of incarnation {@code which} ended: the process has once the last of them has. A Kafka Streams
     * thread that dies on its own (a fatal error) shuts its instance down: Streams' default uncaught exception
     * response, SHUTDOWN_CLIENT, closes the other threads.
     */
    private void threadExited(int which) {
        if (which != incarnation) {
            processExited(which);
            return;
        }
        if (--threadsLeft > 0) {
            List<ConsumerProcess> others = alive();
            if (!killing && closingIncarnation != which && !others.isEmpty()) {
                closingIncarnation = which;
                ctx.events().publish(new Story(name, StoryKind.STOPPING, -1,
                        "a stream thread died: Kafka Streams shuts the instance down (SHUTDOWN_CLIENT)"));
                others.forEach(ConsumerProcess::close);
            }
            return;
        }
        processExited(which);
    }

    /**
     * Process {@code which} ended (close() finished, a crash, a fatal error). After a graceful close the
     * JVM lives on for a drawn jvmExit (shutdown hooks, the JVM's own exit) before what waited for it
     * runs; after a crash it runs at once.
     */
    private void processExited(int which) {
        if (which <= exitedIncarnation) {
            return;
        }
        long exitMs = which == closingIncarnation ? jvmExits.nextMs() : 0;
        if (exitMs == 0) {
            exited(which);
            return;
        }
        ctx.sim().after(exitMs, () -> {
            if (which > exitedIncarnation) {
                exited(which);
            }
        });
    }

    private void exited(int which) {
        exitedIncarnation = Math.max(exitedIncarnation, which);
        if (closingIncarnation == which) {
            closingIncarnation = 0;
        }
        watcher.containerEnded(name);
        Runnable then = afterExit;
        afterExit = null;
        if (then != null) {
            then.run();
        } else if (kubelet != null && !exitByTimeline) {
            // restartPolicy Always: the container exited on its own (a crash, a fatal client error).
            kubelet.containerExited(this::start);
        }
    }

    public void gcPause(long durationMs) {
        if (!isRunning()) {
            return;
        }
        ctx.events().publish(new Story(name, StoryKind.GC_PAUSE, durationMs, "GC pause of " + durationMs + " ms"));
        // A GC stops every thread of the JVM.
        for (ConsumerProcess paused : alive()) {
            long added = paused.jvm().pause(durationMs, paused.pollLoop()::updateDisplay);
            paused.pollLoop().pausedFor(added);
            paused.pollLoop().updateDisplay();
        }
    }

    public void cutNetwork(long durationMs) {
        ctx.events().publish(new Story(name, StoryKind.NETWORK_PARTITION, durationMs,
                "network partition for " + durationMs + " ms"));
        link.cutFor(durationMs);
        refreshDisplay();
        ctx.sim().at(link.cutUntilMs(), this::refreshDisplay);
    }

    private void refreshDisplay() {
        threads.forEach(thread -> thread.pollLoop().updateDisplay());
    }

    /**
     * The next record this pod processes takes {@code durationMs}: for whoever processes it (a poison
     * pill), or, with {@code attemptOnly}, for this attempt only (a slow downstream).
     */
    public void slowRecord(long durationMs, boolean attemptOnly) {
        ctx.events().publish(new Story(name, StoryKind.SLOW_RECORD, durationMs,
                "next record takes " + durationMs + " ms" + (attemptOnly ? " (this attempt only)" : "")));
        slowRecords.add(durationMs, attemptOnly);
    }

    public void subscribe(List<String> topics) {
        subscription = List.copyOf(topics);
        pattern = null;
        if (isRunning()) {
            for (ConsumerProcess thread : threads) {
                thread.subscribePattern(null);
                thread.pollLoop().subscribe(topics);
                thread.subscriptionChanged();
            }
        }
    }

    /**
     * subscribe(Pattern) or subscribe(SubscriptionPattern): replaces the subscription, of the running process and of
     * the next ones (which start with no topic, as a pattern subscriber does).
     */
    public void subscribe(TopicPattern newPattern) {
        pattern = newPattern;
        subscription = List.of();
        if (isRunning()) {
            threads.forEach(thread -> thread.resubscribe(newPattern));
        }
    }

    /** {@code topic} was deleted: each running thread's fetches of it fail. */
    public void topicDeleted(String topic) {
        if (isRunning()) {
            threads.forEach(thread -> thread.pollLoop().topicDeleted(topic));
        }
    }

    /** The next offset this pod will fetch from {@code tp}, or -1 when it does not own it. */
    public long positionOf(TopicPartition tp) {
        if (!isRunning()) {
            return -1;
        }
        for (ConsumerProcess thread : threads) {
            long position = thread.pollLoop().positionOf(tp);
            if (position >= 0) {
                return position;
            }
        }
        return -1;
    }
}
