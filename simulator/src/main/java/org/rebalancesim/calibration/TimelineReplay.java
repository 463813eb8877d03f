package org.rebalancesim.calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.rebalancesim.consumer.PodConfigs;
import org.rebalancesim.scenario.Slowness;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.Operations;
import org.rebalancesim.scenario.StartupSpec;

/**
 * Applies timeline operations to the real pods and topics, at their time, on the scheduler's thread
 * (the calibration counterpart of the simulator's TimelinePlayer): each visit returns the operation's
 * effect, run by {@link #apply}. {@link #whyNot} names the operations real Kafka cannot reproduce here.
 */
final class TimelineReplay implements Operation.Visitor<CalibrationScheduler.Task> {

    private static final String NOT_WITH_ONE_BROKER = "cannot be reproduced by a calibration run: its consumers"
            + " and broker share one machine's loopback interface, which cannot lose one consumer's requests"
            + " or fail one broker of several";

    private final CalibrationPods pods;
    private final PodConfigs configs;
    private final CalibrationScheduler scheduler;
    private final StartupSpec startup;
    private final Admin admin;
    private final CalibrationCluster cluster;
    private final LoadProducer producer;
    private final EventLog log;
    private final Path slowRecords;
    private int pendingSlowRecords;

    TimelineReplay(CalibrationPods pods, PodConfigs configs, CalibrationScheduler scheduler, StartupSpec startup, Admin admin,
                   CalibrationCluster cluster, LoadProducer producer, EventLog log, Path slowRecords) {
        this.pods = pods;
        this.configs = configs;
        this.scheduler = scheduler;
        this.startup = startup;
        this.admin = admin;
        this.cluster = cluster;
        this.producer = producer;
        this.log = log;
        this.slowRecords = slowRecords;
    }

    /** Pods starting together, {@code startup.stagger} apart (the initial pods and {@code start:}). */
    void startStaggered(List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            String pod = names.get(i);
            scheduler.after(i * startup.staggerMs(), () -> pods.start(pod));
        }
    }

    void apply(Operation operation) throws Exception {
        operation.accept(this).run();
    }

    /** Why a calibration run cannot replay the operation; null if it can. */
    static String whyNot(Operation operation) {
        return operation.accept(new Limits());
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Start start) {
        return () -> startStaggered(start.consumers());
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Stop stop) {
        return () -> pods.select(stop.consumers()).forEach(pods::stop);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Crash crash) {
        return () -> pods.select(crash.consumers()).forEach(pod -> pods.crash(pod, crash.restartAfterMs()));
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Restart restart) {
        return () -> pods.select(restart.consumers()).forEach(pod -> {
            configs.restartWith(restart.config(), pod);
            pods.restart(pod, restart.downtimeMs());
        });
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.RollingRestart rolling) {
        return () -> {
            List<String> targets = pods.select(rolling.consumers());
            for (int i = 0; i < targets.size(); i++) {
                String pod = targets.get(i);
                scheduler.after(i * rolling.intervalMs(), () -> {
                    configs.restartWith(rolling.config(), pod);
                    pods.restart(pod, rolling.downtimeMs());
                });
            }
        };
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.GcPause pause) {
        return () -> pods.select(pause.consumers()).forEach(pod -> pods.gcPause(pod, pause.durationMs()));
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.SlowRecord slow) {
        return () -> slowRecord(slow);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.NetworkPartition cut) {
        return cannotReplay(cut);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.BrokerFailure failure) {
        return cannotReplay(failure);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.AddPartitions add) {
        return () -> addPartitions(add);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.CreateTopic create) {
        return cannotReplay(create);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.DeleteTopic delete) {
        return cannotReplay(delete);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Subscribe subscribe) {
        return () -> pods.select(subscribe.consumers()).forEach(pod -> pods.subscribe(pod, subscribe.topics()));
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Rollout rollout) {
        return cannotReplay(rollout);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.Drain drain) {
        return cannotReplay(drain);
    }

    @Override
    public CalibrationScheduler.Task visit(Operation.SpotInterruption interruption) {
        return cannotReplay(interruption);
    }

    /** Refused up front by {@link #whyNot}; reached only if a run skipped that check. */
    private static CalibrationScheduler.Task cannotReplay(Operation operation) {
        return () -> {
            throw new CalibrationException("cannot replay " + operation + " against real Kafka");
        };
    }

    private void slowRecord(Operation.SlowRecord slow) throws java.io.IOException {
        boolean attemptOnly = slow.slowness() == Slowness.ATTEMPT;
        if (slow.partition() == null) {
            pods.select(slow.consumers()).forEach(pod -> pods.slowRecord(pod, slow.durationMs(), attemptOnly));
            return;
        }
        // The next record of the partition that any consumer processes from now on: close to the
        // simulator's "the record at the partition's current position", but a worker that already
        // fetched the partition's next batch learns of it only at its next batch.
        log.slowRecord(EventLog.CLUSTER, slow.partition());
        SlowRecordRegistry.addPending(slowRecords, ++pendingSlowRecords, slow.partition(), slow.durationMs(),
                attemptOnly);
    }

    private void addPartitions(Operation.AddPartitions add) throws Exception {
        String real = cluster.topicName(add.topic());
        int before = admin.describeTopics(List.of(real)).allTopicNames().get(30, TimeUnit.SECONDS)
                .get(real).partitions().size();
        if (add.count() <= before) {
            return;
        }
        admin.createPartitions(Map.of(real, NewPartitions.increaseTo(add.count()))).all().get(30, TimeUnit.SECONDS);
        List<String> added = new ArrayList<>();
        for (int p = before; p < add.count(); p++) {
            added.add(add.topic() + "-" + p);
        }
        log.partitionsAdded(added);
        producer.partitionsAdded(add.topic(), add.count());
    }

    private static String notWithOneBroker(Operation operation) {
        return Operations.of(operation).name() + " " + NOT_WITH_ONE_BROKER;
    }

    /** The operations one loopback broker cannot reproduce, each with the reason. */
    private static final class Limits implements Operation.Visitor<String> {
        @Override
        public String visit(Operation.Start start) {
            return null;
        }

        @Override
        public String visit(Operation.Stop stop) {
            return null;
        }

        @Override
        public String visit(Operation.Crash crash) {
            return null;
        }

        @Override
        public String visit(Operation.Restart restart) {
            return null;
        }

        @Override
        public String visit(Operation.RollingRestart rolling) {
            return null;
        }

        @Override
        public String visit(Operation.GcPause pause) {
            return null;
        }

        @Override
        public String visit(Operation.SlowRecord slow) {
            return null;
        }

        @Override
        public String visit(Operation.NetworkPartition cut) {
            return notWithOneBroker(cut);
        }

        @Override
        public String visit(Operation.BrokerFailure failure) {
            return notWithOneBroker(failure);
        }

        @Override
        public String visit(Operation.AddPartitions add) {
            return null;
        }

        @Override
        public String visit(Operation.CreateTopic create) {
            return "createTopic: calibrate creates every topic of the scenario before the run";
        }

        @Override
        public String visit(Operation.DeleteTopic delete) {
            return "deleteTopic: calibrate keeps every topic of the scenario for the whole run";
        }

        @Override
        public String visit(Operation.Subscribe subscribe) {
            return subscribe.pattern() == null ? null : "subscribe: the workers subscribe to topic names; a "
                    + subscribe.pattern().key() + " subscription is simulated only";
        }

        @Override
        public String visit(Operation.Rollout rollout) {
            return "rollout needs a Kubernetes workload, which calibrate refuses";
        }

        @Override
        public String visit(Operation.Drain drain) {
            return "drain needs a Kubernetes workload, which calibrate refuses";
        }

        @Override
        public String visit(Operation.SpotInterruption interruption) {
            return "spotInterruption needs a Kubernetes workload, which calibrate refuses";
        }
    }
}
