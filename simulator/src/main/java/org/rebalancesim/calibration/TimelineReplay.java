package org.rebalancesim.calibration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.StartupSpec;

/**
 * Applies timeline operations to the real pods and topics, at their time, on the scheduler's thread
 * (the calibration counterpart of the simulator's FaultScheduler).
 */
final class TimelineReplay {

    private final CalibrationPods pods;
    private final CalibrationScheduler scheduler;
    private final StartupSpec startup;
    private final Admin admin;
    private final CalibrationCluster cluster;
    private final LoadProducer producer;
    private final EventLog log;
    private final Path slowRecords;
    private int pendingSlowRecords;

    TimelineReplay(CalibrationPods pods, CalibrationScheduler scheduler, StartupSpec startup, Admin admin,
                   CalibrationCluster cluster, LoadProducer producer, EventLog log, Path slowRecords) {
        this.pods = pods;
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
        if (operation instanceof Operation.Start start) {
            startStaggered(start.consumers());
        } else if (operation instanceof Operation.Stop stop) {
            pods.select(stop.consumers()).forEach(pods::stop);
        } else if (operation instanceof Operation.Crash crash) {
            pods.select(crash.consumers()).forEach(pod -> pods.crash(pod, crash.restartAfterMs()));
        } else if (operation instanceof Operation.Restart restart) {
            pods.select(restart.consumers()).forEach(pod -> pods.restart(pod, restart.downtimeMs()));
        } else if (operation instanceof Operation.RollingRestart rolling) {
            List<String> targets = pods.select(rolling.consumers());
            for (int i = 0; i < targets.size(); i++) {
                String pod = targets.get(i);
                scheduler.after(i * rolling.intervalMs(), () -> pods.restart(pod, rolling.downtimeMs()));
            }
        } else if (operation instanceof Operation.GcPause pause) {
            pods.select(pause.consumers()).forEach(pod -> pods.gcPause(pod, pause.durationMs()));
        } else if (operation instanceof Operation.SlowRecord slow) {
            slowRecord(slow);
        } else if (operation instanceof Operation.AddPartitions add) {
            addPartitions(add);
        } else if (operation instanceof Operation.Subscribe subscribe) {
            pods.select(subscribe.consumers()).forEach(pod -> pods.subscribe(pod, subscribe.topics()));
        } else {
            throw new CalibrationException("cannot replay " + operation + " against real Kafka");
        }
    }

    private void slowRecord(Operation.SlowRecord slow) throws java.io.IOException {
        if (slow.partition() == null) {
            pods.select(slow.consumers()).forEach(pod -> pods.slowRecord(pod, slow.durationMs()));
            return;
        }
        // The next record of the partition that any consumer processes from now on: close to the
        // simulator's "the record at the partition's current position", but a worker that already
        // fetched the partition's next batch learns of it only at its next batch.
        log.slowRecord(EventLog.CLUSTER, slow.partition());
        SlowRecordRegistry.addPending(slowRecords, ++pendingSlowRecords, slow.partition(), slow.durationMs());
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
}
