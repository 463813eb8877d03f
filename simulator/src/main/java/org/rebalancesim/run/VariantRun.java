package org.rebalancesim.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.consumer.ConsumerPod;
import org.rebalancesim.consumer.StreamThreads;
import org.rebalancesim.consumer.StreamsRuntime;
import org.rebalancesim.consumer.JvmStarts;
import org.rebalancesim.consumer.PodConfigs;
import org.rebalancesim.consumer.PodContext;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.kubernetes.WorkloadAutoscaler;
import org.rebalancesim.kubernetes.WorkloadController;
import org.rebalancesim.kubernetes.autoscaling.PartitionOffsets;
import org.rebalancesim.invariant.InvariantMonitor;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.PartitionLagSamples;
import org.rebalancesim.metrics.RunRecorder;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.metrics.WorkloadFigures;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.protocol.GroupProtocol;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.scenario.Expectation;
import org.rebalancesim.scenario.MeasureWindow;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.timeline.GroupSettling;
import org.rebalancesim.timeline.Pods;
import org.rebalancesim.timeline.RecurringFaults;
import org.rebalancesim.timeline.TimelinePlayer;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/** Builds one variant's world (cluster, pods, timeline), runs it to its duration and collects the result. */
final class VariantRun {

    /** How many lag samples a run keeps: the lag series and maxLag come from them. */
    static final int LAG_SAMPLES = 2000;

    private final Variant variant;
    private final long seed;
    private final Simulation sim;
    private final Production production;
    private final ProcessingLedger ledger = new ProcessingLedger();
    private final RunRecorder recorder;
    private final List<Series.LagSample> lag = new ArrayList<>();
    private final List<Series.ThroughputSample> processed = new ArrayList<>();
    /** Each partition's lag at the samples: the time behind and the hot partitions. */
    private final PartitionLagSamples partitionLag;
    private long maxLag;
    private long duplicatesBeforeWindow;

    private final Assignors assignors;
    private final InvariantMonitor monitor;
    /** Hears when the group settles, for the timeline's anchored entries. */
    private final GroupSettling settling;
    /** What the model reports to: the recorder, the invariant monitor, then the timeline's anchors. */
    private final GroupEvents events;

    VariantRun(Variant variant, long seed, long maxEvents, Assignors assignors, Checks checks) {
        this(variant, seed, maxEvents, assignors, checks, RecorderView.AS_MODELLED, null);
    }

    VariantRun(Variant variant, long seed, long maxEvents, Assignors assignors, Checks checks,
               Function<Simulation, GroupListener> observer) {
        this(variant, seed, maxEvents, assignors, checks, RecorderView.AS_MODELLED, observer);
    }

    /**
     * @param observer given the run's clock, the listener that hears every event of the run after the
     *                 recorder, the monitor and the anchors (for tests that follow single requests), or null:
     *                 no one else listens, so every event goes to the three listeners alone
     * @param view     what the recorder hears of the model's events
     */
    VariantRun(Variant variant, long seed, long maxEvents, Assignors assignors, Checks checks, RecorderView view,
               Function<Simulation, GroupListener> observer) {
        this.variant = variant;
        this.assignors = assignors;
        this.seed = seed;
        this.sim = new Simulation(maxEvents);
        this.production = new Production(variant.topics());
        List<String> subscribed = variant.consumers().subscribe();
        this.recorder = new RunRecorder(sim, variant.measure(), production.allPartitions().stream()
                .filter(tp -> subscribed.contains(tp.topic())).toList());
        // A subscribed topic created later counts from its creation on: tracked now, with no partitions yet.
        subscribed.stream().filter(topic -> !production.partitionCounts().containsKey(topic))
                .forEach(topic -> recorder.trackTopic(topic, List.of()));
        this.monitor = new InvariantMonitor(sim, checks, production, ledger, recorder::isTracked);
        this.partitionLag = new PartitionLagSamples(production, ledger, recorder::isTracked, LAG_SAMPLES + 1);
        this.settling = new GroupSettling(sim, variant.consumers().initial());
        GroupListener[] model = observer == null ? new GroupListener[] {monitor, settling}
                : new GroupListener[] {monitor, settling, observer.apply(sim)};
        if (view == RecorderView.AS_MODELLED) {
            GroupListener[] all = new GroupListener[model.length + 1];
            all[0] = recorder;
            System.arraycopy(model, 0, all, 1, model.length);
            this.events = GroupEvents.to(all);
        } else {
            GroupEvents heard = view.inFrontOf(GroupEvents.to(recorder));
            GroupEvents rest = GroupEvents.to(model);
            this.events = event -> {
                heard.publish(event);
                rest.publish(event);
            };
        }
    }

    /** Tells {@code progress} how far the run's clock is as it runs (null: no one); it cannot change the run. */
    void reportProgress(Simulation.Progress progress) {
        sim.reportProgress(progress);
    }

    /** @throws AssignorException when an assignor fails, with the variant and the simulated time in front */
    VariantResult run() {
        try {
            return runWorld();
        } catch (AssignorException e) {
            throw e.in("variant " + variant.name() + " at " + sim.nowMs() + " ms");
        }
    }

    private VariantResult runWorld() {
        // The protocol the pods speak: it brings the coordinator and the client.
        GroupProtocol protocol = GroupProtocols.of(variant.consumers().config(), assignors);
        KafkaCluster cluster = new KafkaCluster(sim, variant.cluster(), variant.groupId(), seed, events,
                production::partitionCounts, GroupProtocols.coordinatorOf(variant, protocol));
        monitor.watch(cluster);
        PodContext ctx = new PodContext(sim, cluster, production, ledger, events, variant.consumers(), seed, assignors,
                new PodConfigs(variant.consumers()), config -> GroupProtocols.of(config, assignors).client(),
                new JvmStarts(sim, variant.consumers(), seed), variant.consumers().isStreams()
                        ? new StreamsRuntime(variant.consumers().streams(), production.partitionCounts()) : null,
                WorkloadAutoscaler.busyTimeFor(variant.consumers().autoscaler()));
        if (ctx.streams() != null) {
            recorder.trackTasks(ctx.streams().tasks().sourcePartitions());
        }
        Pods pods = new Pods(variant.consumers().all(), name -> newPod(ctx, name, protocol));
        WorkloadController workload = variant.consumers().workload() == null ? null
                : WorkloadController.of(sim, variant.consumers().workload(), pods, events, seed);
        if (workload != null) {
            recorder.trackWorkload();
            workload.adopt(variant.consumers().initial());
            if (variant.consumers().autoscaler() != null) {
                int threadsPerPod = variant.consumers().isStreams() ? variant.consumers().streams().numStreamThreads() : 1;
                new WorkloadAutoscaler(sim, workload, now -> groupOffsets(cluster, now), ctx.busy(), threadsPerPod, seed)
                        .start(variant.consumers().autoscaler());
            }
        }
        TimelinePlayer player = new TimelinePlayer(sim, pods, cluster, production, ledger, recorder,
                variant.consumers().startup(), settling, workload);
        List<String> initial = variant.consumers().initial();
        for (int i = 0; i < initial.size(); i++) {
            sim.at(i * variant.consumers().startup().staggerMs(), pods.get(initial.get(i))::start);
        }
        player.schedule(variant.timeline());
        new RecurringFaults(sim, player, seed, variant.durationMs()).schedule(variant.faults(), variant.consumers().all());
        scheduleMeasurements(variant.measure());
        sim.runUntil(variant.durationMs());
        sampleLag();
        player.runEnded(variant.durationMs());
        monitor.runEnded();
        return result(recorder.finish(variant.durationMs(),
                new WorkloadFigures(ledger, duplicatesBeforeWindow, maxLag, producedNow(),
                        variant.consumers().isStreams() && variant.consumers().streams().exactlyOnce(), lag, processed)),
                protocol);
    }

    /** A pod of the run; each group member it runs is a row of the results (a Kafka Streams pod's stream threads each). */
    private ConsumerPod newPod(PodContext ctx, String name, GroupProtocol protocol) {
        for (String member : StreamThreads.names(name, variant.consumers())) {
            if (variant.consumers().configOf(name).isStatic()) {
                recorder.registerStaticPod(member, protocol.model().brokerDriven());
            } else {
                recorder.registerPod(member);
            }
        }
        return new ConsumerPod(ctx, name);
    }

    private void scheduleMeasurements(MeasureWindow window) {
        sim.at(window.fromMs(), () -> duplicatesBeforeWindow = ledger.duplicates());
        long step = Math.max(100, (window.toMs() - window.fromMs()) / LAG_SAMPLES);
        for (long t = window.fromMs(); t < window.toMs() && t <= variant.durationMs(); t += step) {
            sim.at(t, this::sampleLag);
        }
    }

    private void sampleLag() {
        long current = producedNow() - ledger.uniqueProcessed();
        lag.add(new Series.LagSample(sim.nowMs(), current, partitionLag.sample(sim.nowMs())));
        processed.add(new Series.ThroughputSample(sim.nowMs(), ledger.uniqueProcessed()));
        maxLag = Math.max(maxLag, current);
        monitor.lagSampled();
    }

    /** What an admin client reads of the group: each consumed partition's log end and committed offsets. */
    private List<PartitionOffsets> groupOffsets(KafkaCluster cluster, long nowMs) {
        List<PartitionOffsets> offsets = new ArrayList<>();
        for (TopicPartition tp : production.allPartitions()) {
            if (recorder.isTracked(tp.topic())) {
                long committed = cluster.offsets().hasCommitted(tp) ? cluster.offsets().committed(tp)
                        : PartitionOffsets.NO_COMMITTED_OFFSET;
                offsets.add(new PartitionOffsets(tp.topic(), tp.partition(), production.logEndOffset(tp, nowMs),
                        committed));
            }
        }
        return offsets;
    }

    /** Records produced to the topics the group consumes (the others are no one's lag). */
    private long producedNow() {
        long produced = production.producedOfDeleted(ledger, recorder::isTracked);
        for (String topic : production.partitionCounts().keySet()) {
            if (recorder.isTracked(topic)) {
                produced += production.logEndOffsetSum(topic, sim.nowMs());
            }
        }
        return produced;
    }

    private VariantResult result(RunRecorder.Recorded recorded, GroupProtocol protocol) {
        Map<String, Number> metrics = recorded.metrics();
        List<ExpectationResult> expectations = new ArrayList<>();
        for (Expectation expectation : variant.expectations()) {
            Number actual = metrics.get(expectation.metric());
            boolean passed = actual != null && expectation.holdsFor(actual.doubleValue());
            expectations.add(new ExpectationResult(expectation.metric(), expectation.rule(), actual, passed));
        }
        Series series = recorded.series(lag, partitionLag.hottest());
        return new VariantResult(variant.name(), protocol.label(variant), metrics, recorded.members(), expectations,
                series, sim.eventsRun());
    }
}
