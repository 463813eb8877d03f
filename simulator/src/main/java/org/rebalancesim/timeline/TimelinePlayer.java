package org.rebalancesim.timeline;

import java.util.List;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.consumer.ConsumerPod;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.kubernetes.WorkloadController;
import org.rebalancesim.metrics.RunRecorder;
import org.rebalancesim.scenario.Slowness;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.StartupSpec;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/**
 * Plays the scenario's timeline: each operation at its time, applied to the pods, brokers and topics.
 * One visit method per operation, so a new operation does not compile until it has an effect here.
 */
public final class TimelinePlayer implements Operation.Visitor<Void> {

    private final Simulation sim;
    private final Pods pods;
    private final KafkaCluster cluster;
    private final Production production;
    private final ProcessingLedger ledger;
    private final RunRecorder recorder;
    private final StartupSpec startup;
    private final TimelineSchedule schedule;
    /** The pods' Kubernetes workload, or null for bare processes. */
    private final WorkloadController workload;

    /**
     * @param settling the group event listener that tells when the group settled, for anchored entries
     * @param workload the pods' workload controller, or null for bare processes
     */
    public TimelinePlayer(Simulation sim, Pods pods, KafkaCluster cluster, Production production,
                          ProcessingLedger ledger, RunRecorder recorder, StartupSpec startup, GroupSettling settling,
                          WorkloadController workload) {
        this.sim = sim;
        this.pods = pods;
        this.cluster = cluster;
        this.production = production;
        this.ledger = ledger;
        this.recorder = recorder;
        this.startup = startup;
        this.workload = workload;
        this.schedule = new TimelineSchedule(sim, settling, recorder, this::apply);
    }

    /** Schedules every entry: at its time, or when its anchor happens. */
    public void schedule(List<TimelineEvent> timeline) {
        schedule.schedule(timeline);
    }

    /** The run reached {@code endMs}: the story tells of every anchored entry that never ran. */
    public void runEnded(long endMs) {
        schedule.runEnded(endMs);
    }

    /** Applies one operation now. */
    public void apply(Operation operation) {
        operation.accept(this);
    }

    @Override
    public Void visit(Operation.Start start) {
        if (workload != null) {
            workload.adopt(start.consumers());
        }
        startStaggered(start.consumers());
        return null;
    }

    @Override
    public Void visit(Operation.Stop stop) {
        for (ConsumerPod pod : pods.select(stop.consumers())) {
            if (workload != null) {
                workload.released(pod.name());
            }
            pod.stop();
        }
        return null;
    }

    /** Only with a workload, which the scenario's validation makes sure of. */
    @Override
    public Void visit(Operation.Rollout rollout) {
        workload.rollout(rollout.config());
        return null;
    }

    @Override
    public Void visit(Operation.Drain drain) {
        workload.drain(names(drain.consumers()));
        return null;
    }

    /** The node termination handler drains the node at the notice; the node is gone when the notice ends. */
    @Override
    public Void visit(Operation.SpotInterruption interruption) {
        List<String> onTheNode = names(interruption.consumers());
        recorder.story("cluster", StoryKind.WORKLOAD, interruption.noticeMs(), "the node of " + String.join(", ",
                onTheNode) + " is reclaimed in " + interruption.noticeMs() / 1000 + " s: drained now");
        workload.drain(onTheNode);
        sim.after(interruption.noticeMs(), () -> workload.nodeLost(onTheNode));
        return null;
    }

    private List<String> names(org.rebalancesim.scenario.ConsumerSelector selector) {
        return pods.select(selector).stream().map(ConsumerPod::name).toList();
    }

    @Override
    public Void visit(Operation.Crash crash) {
        pods.select(crash.consumers()).forEach(pod -> crash(pod, crash.restartAfterMs()));
        return null;
    }

    @Override
    public Void visit(Operation.Restart restart) {
        pods.select(restart.consumers()).forEach(pod -> pod.restart(restart.downtimeMs(), restart.config()));
        return null;
    }

    @Override
    public Void visit(Operation.GcPause pause) {
        pods.select(pause.consumers()).forEach(pod -> pod.gcPause(pause.durationMs()));
        return null;
    }

    @Override
    public Void visit(Operation.NetworkPartition cut) {
        pods.select(cut.consumers()).forEach(pod -> pod.cutNetwork(cut.durationMs()));
        return null;
    }

    @Override
    public Void visit(Operation.Subscribe subscribe) {
        for (String topic : subscribe.topics()) {
            recorder.trackTopic(topic, production.allPartitions().stream()
                    .filter(tp -> tp.topic().equals(topic)).toList());
        }
        if (subscribe.pattern() == null) {
            pods.select(subscribe.consumers()).forEach(pod -> pod.subscribe(subscribe.topics()));
        } else {
            pods.select(subscribe.consumers()).forEach(pod -> pod.subscribe(subscribe.pattern()));
        }
        return null;
    }

    private void crash(ConsumerPod pod, long restartAfterMs) {
        pod.crash(restartAfterMs >= 0);
        if (restartAfterMs >= 0) {
            sim.after(restartAfterMs, pod::start);
        }
    }

    private void startStaggered(List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            ConsumerPod pod = pods.get(names.get(i));
            sim.after(i * startup.staggerMs(), pod::start);
        }
    }

    /** Like a Deployment rollout: one pod after another, {@code interval} apart, each down for {@code downtime}. */
    @Override
    public Void visit(Operation.RollingRestart rolling) {
        List<ConsumerPod> targets = pods.select(rolling.consumers());
        for (int i = 0; i < targets.size(); i++) {
            ConsumerPod pod = targets.get(i);
            sim.after(i * rolling.intervalMs(), () -> pod.restart(rolling.downtimeMs(), rolling.config()));
        }
        return null;
    }

    @Override
    public Void visit(Operation.SlowRecord slow) {
        if (slow.partition() == null) {
            boolean attemptOnly = slow.slowness() == Slowness.ATTEMPT;
            pods.select(slow.consumers()).forEach(pod -> pod.slowRecord(slow.durationMs(), attemptOnly));
            return null;
        }
        TopicPartition tp = parsePartition(slow.partition());
        long offset = cluster.offsets().committed(tp);
        for (ConsumerPod pod : pods.all()) {
            long position = pod.positionOf(tp);
            if (position >= 0) {
                offset = position;
            }
        }
        recorder.story(tp.toString(), StoryKind.SLOW_RECORD, slow.durationMs(),
                "the record at offset " + offset + " takes " + slow.durationMs() + " ms"
                        + (slow.slowness() == Slowness.ATTEMPT ? " (its next attempt only)" : ""));
        if (slow.slowness() == Slowness.ATTEMPT) {
            ledger.markSlowAttempt(tp, offset, slow.durationMs());
        } else {
            ledger.markSlow(tp, offset, slow.durationMs());
        }
        return null;
    }

    static TopicPartition parsePartition(String name) {
        int dash = name.lastIndexOf('-');
        return new TopicPartition(name.substring(0, dash), Integer.parseInt(name.substring(dash + 1)));
    }

    @Override
    public Void visit(Operation.BrokerFailure failure) {
        int broker = failure.isCoordinator() ? cluster.brokers().coordinatorBroker() : failure.broker();
        if (broker < 0) {
            recorder.story("cluster", StoryKind.NO_COORDINATOR, -1, "no coordinator to fail: the group has none right now");
            return null;
        }
        recorder.story("broker-" + broker, StoryKind.BROKER_FAILURE, failure.downtimeMs(), "fails for " + failure.downtimeMs() + " ms"
                + (broker == cluster.brokers().coordinatorBroker() ? " (the group's coordinator)" : ""));
        cluster.brokers().fail(broker, failure.downtimeMs());
        return null;
    }

    @Override
    public Void visit(Operation.AddPartitions add) {
        int before = production.partitionCounts().get(add.topic());
        production.addPartitions(add.topic(), add.count(), sim.nowMs());
        List<TopicPartition> added = new java.util.ArrayList<>();
        for (int p = before; p < add.count(); p++) {
            added.add(new TopicPartition(add.topic(), p));
        }
        recorder.story(add.topic(), StoryKind.PARTITIONS_ADDED, -1, "grows from " + before + " to " + add.count() + " partitions");
        cluster.partitionsChanged();
        recorder.partitionsAdded(added);
        return null;
    }

    /**
     * The topic appears with its declared partitions: the brokers' metadata shows it at once, the group coordinator
     * after the metadata propagation (as for added partitions, docs/kafka-semantics.md §16).
     */
    @Override
    public Void visit(Operation.CreateTopic create) {
        production.createTopic(create.topic(), sim.nowMs());
        List<TopicPartition> created = production.allPartitions().stream()
                .filter(tp -> tp.topic().equals(create.topic())).toList();
        recorder.story(create.topic(), StoryKind.PARTITIONS_ADDED, -1, "is created with " + created.size()
                + " partitions");
        cluster.partitionsChanged();
        recorder.partitionsAdded(created);
        return null;
    }

    /**
     * The topic is gone from the brokers' metadata at once, and from the group coordinator's after the metadata
     * propagation; each fetch under way for its partitions is answered UNKNOWN_TOPIC_ID (docs/kafka-semantics.md §16).
     */
    @Override
    public Void visit(Operation.DeleteTopic delete) {
        List<TopicPartition> deleted = production.deleteTopic(delete.topic());
        recorder.story(delete.topic(), StoryKind.TOPIC_DELETED, -1, "is deleted with its " + deleted.size()
                + " partitions");
        cluster.partitionsChanged();
        recorder.partitionsDeleted(deleted);
        pods.all().forEach(pod -> pod.topicDeleted(delete.topic()));
        return null;
    }
}
