package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.ClassicEvents;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.consumer.ConsumerGroupState;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.PodEvents.PollTimeout;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.RemovalReason;
import org.rebalancesim.metrics.RunRecorder;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.WorkloadFigures;
import org.rebalancesim.scenario.MeasureWindow;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.StreamsTaskTable;
import org.rebalancesim.protocol.RebalanceModel;

/**
 * Plays a measured run back through the simulator's own recorders: each event, and each inferred
 * group change, is scheduled on a {@link Simulation} at its time and published to a {@link RunRecorder}
 * (as the pods and the coordinator publish it in a simulation) and to a {@link ProcessingLedger}, so the
 * measured metrics are computed by the very code that computes the simulated ones.
 */
final class EventReplay {

    /** Tie-break for equal times: group changes around the events of that millisecond. */
    private static final int SNAPSHOT = 0;
    private static final int SPAN_START = 1;
    private static final int EVENT = 2;
    private static final int DEPARTURE = 3;
    private static final int COMPLETION = 4;
    private static final int SPAN_END = 5;
    private static final int SAMPLE = 6;

    private record Step(long atMs, int priority, int order, Runnable action) {
    }

    final Variant variant;
    final MeasuredLog log;
    final Simulation sim;
    final RunRecorder recorder;
    /** The replay's events go to the recorder alone. */
    final GroupEvents events;
    final ProcessingLedger ledger = new ProcessingLedger();
    private final Map<TopicPartition, Long> logEndOffsets = new HashMap<>();
    private final ReportedAppendTimes appendTimes = new ReportedAppendTimes();
    final List<Series.LagSample> lag = new ArrayList<>();
    long maxLag;
    long duplicatesBeforeWindow;
    private final PodStates pods;
    final ReplayedTasks tasks;
    private final List<Step> steps = new ArrayList<>();
    /** Whether the latest span to open began a new epoch (see {@link RebalanceSpans.Span#newEpoch}). */
    private boolean openedWithNewEpoch = true;
    /** Open rebalance spans: one may start at the very millisecond the previous one completes. */
    private int openSpans;
    private boolean groupRebalancing;
    private ClassicGroupState classicState = ClassicGroupState.EMPTY;
    private ConsumerGroupState consumerState = ConsumerGroupState.EMPTY;
    private int generation;

    EventReplay(Variant variant, MeasuredLog log) {
        this.variant = variant;
        this.log = log;
        this.sim = new Simulation(Math.max(1000, 4L * log.size() + 20_000));
        List<String> subscribed = variant.consumers().subscribe();
        List<TopicPartition> partitions = new ArrayList<>();
        for (TopicSpec topic : variant.topics()) {
            for (int p = 0; p < topic.partitions() && subscribed.contains(topic.name()); p++) {
                partitions.add(new TopicPartition(topic.name(), p));
            }
        }
        this.recorder = new RunRecorder(sim, variant.measure(), partitions);
        this.events = GroupEvents.to(recorder);
        Set<String> names = new TreeSet<>(log.lives.keySet());
        variant.consumers().all().forEach(pod -> {
            if (variant.consumers().configOf(pod).isStatic()) {
                recorder.registerStaticPod(pod, log.kind == RebalanceModel.BROKER_RECONCILED);
            } else {
                recorder.registerPod(pod);
            }
        });
        names.forEach(recorder::registerPod);
        this.pods = new PodStates(this);
        StreamsTaskTable table = null;
        if (variant.consumers().isStreams()) {
            table = StreamsTaskTable.of(variant.consumers().streams().topology(), variant.topics());
            recorder.trackTasks(table.sourcePartitions());
        }
        boolean tellsStarts = log.events.stream().anyMatch(e -> StreamsTaskEvents.TASK_RUNNING.equals(e.type()));
        this.tasks = new ReplayedTasks(events, table, tellsStarts, pods::refresh);
    }

    /** Runs the replay to the variant's end and returns what the recorder recorded, metrics included. */
    RunRecorder.Recorded run(List<Completions.Completion> completions, List<Departures.Departure> departures,
                             List<RebalanceSpans.Span> spans) {
        for (int i = 0; i < log.size(); i++) {
            int index = i;
            if (!log.ignored.contains(i)) {
                add(log.get(i).atMs(), EVENT, () -> apply(index));
            }
        }
        for (RebalanceSpans.Span span : spans) {
            add(span.fromMs(), SPAN_START, () -> {
                openedWithNewEpoch = span.newEpoch();
                setSpan(true, "rebalance observed");
            });
            if (span.toMs() != Long.MAX_VALUE) {
                add(span.toMs(), SPAN_END, () -> setSpan(false, "generation " + span.generation() + " complete"));
            }
        }
        completions.forEach(c -> add(c.atMs(), COMPLETION, () -> complete(c)));
        departures.forEach(d -> add(d.atMs(), DEPARTURE, () -> depart(d)));
        scheduleMeasurements(variant.measure());
        steps.sort(Comparator.comparingLong(Step::atMs).thenComparingInt(Step::priority).thenComparingInt(Step::order));
        steps.forEach(step -> sim.at(step.atMs(), step.action()));
        sim.runUntil(variant.durationMs());
        sampleLag();
        return recorder.finish(variant.durationMs(),
                new WorkloadFigures(ledger, duplicatesBeforeWindow, maxLag, producedNow(), lag));
    }

    private void add(long atMs, int priority, Runnable action) {
        if (atMs <= variant.durationMs()) {
            steps.add(new Step(Math.max(0, atMs), priority, steps.size(), action));
        }
    }

    private void scheduleMeasurements(MeasureWindow window) {
        add(window.fromMs(), SNAPSHOT, () -> duplicatesBeforeWindow = ledger.duplicates());
        long step = Math.max(100, (window.toMs() - window.fromMs()) / 2000);
        for (long t = window.fromMs(); t < window.toMs() && t <= variant.durationMs(); t += step) {
            add(t, SAMPLE, this::sampleLag);
        }
    }

    private void apply(int index) {
        MeasuredEvent event = log.get(index);
        if (tasks.apply(event, sim.nowMs())) {
            refreshGroup(event.pod() + " " + event.type());
            return;
        }
        switch (event.type()) {
            case "produced" -> {
                if (event.partition() != null) {
                    TopicPartition tp = MeasuredLog.partition(event.partition());
                    logEndOffsets.merge(tp, event.to(), Math::max);
                    appendTimes.reported(tp, sim.nowMs(), event.to());
                }
            }
            case "processed" -> {
                if (event.partition() != null) {
                    ledger.recordProcessed(MeasuredLog.partition(event.partition()), event.from(), event.to());
                }
            }
            case "partitionsAdded" -> {
                recorder.partitionsAdded(MeasuredLog.partitions(event.partitions()));
                events.publish(Story.of("cluster", "partitions added: " + event.partitions()));
            }
            default -> pods.apply(index, event);
        }
        refreshGroup(event.pod() + " " + event.type());
    }

    void refreshGroup(String reason) {
        boolean rebalancing = openSpans > 0 && pods.anyAlive();
        boolean empty = !pods.anyAlive();
        if (log.kind == RebalanceModel.BROKER_RECONCILED) {
            ConsumerGroupState to = empty ? ConsumerGroupState.EMPTY
                    : rebalancing ? ConsumerGroupState.RECONCILING : ConsumerGroupState.STABLE;
            if (to != consumerState) {
                if (rebalancing && !groupRebalancing && openedWithNewEpoch) {
                    // As the consumer group's epoch bump reports it (a static member away bumps nothing).
                    Cause cause = Cause.progress(reason);
                    events.publish(new RebalanceStarted(cause, consumerState == ConsumerGroupState.EMPTY));
                    events.publish(new GroupEpochBumped(generation + 1, cause));
                }
                events.publish(new GroupStateChanged(consumerState, to, generation, Cause.progress(reason)));
                consumerState = to;
            }
        } else {
            ClassicGroupState to = empty ? ClassicGroupState.EMPTY
                    : rebalancing ? ClassicGroupState.PREPARING_REBALANCE : ClassicGroupState.STABLE;
            if (to != classicState) {
                ClassicEvents.transition(events, classicState, to, generation, Cause.progress(reason));
                classicState = to;
            }
        }
        groupRebalancing = rebalancing;
    }

    private void setSpan(boolean open, String reason) {
        openSpans += open ? 1 : -1;
        refreshGroup(reason);
    }

    private void complete(Completions.Completion completion) {
        generation = Math.max(generation, completion.generation());
        if (log.kind == RebalanceModel.BROKER_RECONCILED) {
            events.publish(new AssignmentComputed(completion.generation(), completion.assignment(),
                    AssignmentComputed.Kind.TARGET));
            events.publish(new RebalanceCompleted(completion.generation()));
        } else {
            ClassicEvents.stable(events, completion.generation(), completion.assignment());
        }
    }

    private void depart(Departures.Departure departure) {
        String pod = departure.pod();
        String instanceId = variant.consumers().configOf(pod).instanceIdOf(pod);
        if (departure.pollTimeout()) {
            events.publish(new PollTimeout(pod));
        }
        boolean consumerGroup = log.kind == RebalanceModel.BROKER_RECONCILED;
        RemovalReason reason = switch (departure.kind()) {
            case SESSION_TIMEOUT -> RemovalReason.SESSION_TIMEOUT;
            case REBALANCE_TIMEOUT -> consumerGroup ? RemovalReason.REBALANCE_TIMEOUT : RemovalReason.JOIN_TIMEOUT;
            case LEFT -> RemovalReason.LEAVE;
        };
        events.publish(consumerGroup ? MemberRemoved.of(pod, instanceId, reason)
                : ClassicEvents.removed(pod, instanceId, reason));
    }

    private void sampleLag() {
        long produced = producedNow();
        long current = produced - ledger.uniqueProcessed();
        lag.add(new Series.LagSample(sim.nowMs(), current,
                appendTimes.timeBehindMs(sim.nowMs(), ledger, recorder::isTracked)));
        maxLag = Math.max(maxLag, current);
    }

    /** Records produced so far to the topics the group consumes, from the last {@code produced} events. */
    long producedNow() {
        long produced = 0;
        for (Map.Entry<TopicPartition, Long> entry : logEndOffsets.entrySet()) {
            if (recorder.isTracked(entry.getKey().topic())) {
                produced += entry.getValue();
            }
        }
        return produced;
    }
}
