package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.rebalancesim.consumer.PodConfigs;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.protocol.RebalanceModel;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumersSpec;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.scenario.Variant;

/**
 * Replays one scenario variant against real Kafka: creates the topics, produces the scenario's rates,
 * starts one {@link ConsumerWorker} JVM per pod, plays the timeline in wall-clock time (scaled), and
 * after {@code duration} closes everything and writes the merged event log {@code OUT/events.jsonl}
 * ({@link MeasuredEvent}s in time order, up to the scenario's duration). Per-process output stays in
 * {@code OUT/pods/}. Every child process is killed on any failure, and by a shutdown hook if the JVM
 * exits during the run.
 *
 * <pre>
 * try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerSettings.of(variant, scale), out, false)) {
 *     List&lt;MeasuredEvent&gt; events = new CalibrationRun(variant, seed, broker, scale, out).run();
 * }
 * </pre>
 */
public final class CalibrationRun {

    /** How long the pods get to close at the end before they are killed, wall-clock. */
    static final long CLOSE_TIMEOUT_MS = 20_000;
    /**
     * Wall-clock time from setting up a run's own clients (the load producer, the group's state poller)
     * to the run's time 0, when the first pod is launched. Set up at time 0, they made the first launch
     * 4 to 96 ms late and shared the cores with its JVM start, which the simulated pod, launched at 0,
     * does not.
     */
    static final long SET_UP_LEAD_MS = 1_000;

    private final Variant variant;
    private final long seed;
    private final CalibrationCluster cluster;
    private final TimeScale scale;
    private final Path outDir;
    private final List<String> notes = new ArrayList<>();
    private String workerClasspath = System.getProperty("java.class.path");
    private String streamsWorkerClasspath;
    private List<String> workerJvmOptions = List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-Djava.awt.headless=true");

    public CalibrationRun(Variant variant, long seed, CalibrationCluster cluster, TimeScale scale, Path outDir) {
        this.variant = variant;
        this.seed = seed;
        this.cluster = cluster;
        this.scale = scale;
        this.outDir = outDir;
    }

    /** The classpath of the worker JVMs: by default this JVM's (the simulator jar, or the test classpath). */
    public CalibrationRun workerClasspath(String classpath) {
        this.workerClasspath = classpath;
        return this;
    }

    /** JVM options of the worker JVMs (default: small heap, serial GC, C1 only: quick to start). */
    public CalibrationRun workerJvmOptions(List<String> options) {
        this.workerJvmOptions = List.copyOf(options);
        return this;
    }

    /** @throws CalibrationException listing every operation of the variant a calibration run cannot replay */
    public static void checkSupported(Variant variant) {
        List<String> problems = CalibrationTimeline.unsupported(variant);
        if (!problems.isEmpty()) {
            throw new CalibrationException("variant '" + variant.name() + "' cannot be calibrated:\n  "
                    + String.join("\n  ", problems));
        }
    }

    /** What the run could not reproduce exactly, or found different from the scenario; after run(). */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    public Path eventsFile() {
        return outDir.resolve(EventLog.FILE_NAME);
    }

    /** Runs the variant (about {@code duration * timeScale} of wall-clock time plus set-up) and returns its events. */
    public List<MeasuredEvent> run() throws IOException, InterruptedException {
        checkSupported(variant);
        Path podDir = Files.createDirectories(outDir.resolve("pods"));
        // A Streams pod's state directory from an earlier run in the same --out would be restored from.
        Directories.deleteTree(podDir.resolve("state"));
        Path slowRecords = outDir.resolve("slow-records.txt");
        Files.deleteIfExists(slowRecords);
        Files.createFile(slowRecords);
        describeLimits();
        try (ChildProcesses children = new ChildProcesses("run");
             Admin admin = Admin.create(cluster.adminConfig())) {
            if (cluster.deleteAfterRun()) {
                ExternalClusterCheck.compare(admin, BrokerSettings.of(variant, scale), notes);
            }
            createTopics(admin);
            if (variant.consumers().isStreams()) {
                StreamsChangelogs.create(admin, cluster, variant, cluster.groupId(variant.groupId()));
            }
            awaitGroupCoordinator(admin);
            try {
                EventLog log = play(children, admin, podDir, slowRecords);
                Optional<Path> coordinatorLog = cluster.groupCoordinatorLog();
                if (coordinatorLog.isPresent()) {
                    CoordinatorLog.read(coordinatorLog.get(), cluster.groupId(variant.groupId()),
                                    CoordinatorLog.podsByName(variant, log.podsByMemberId()), log.clock())
                            .forEach(log::add);
                }
                List<MeasuredEvent> events = log.sorted(variant.durationMs());
                if (VariantProtocol.streamsGroup(variant)) {
                    events = StreamsMemberEpochs.stamp(events);
                }
                log.write(events, eventsFile());
                return events;
            } finally {
                if (cluster.deleteAfterRun()) {
                    ExternalClusterCheck.cleanUp(admin, cluster.groupId(variant.groupId()), topicsToDelete(), notes);
                }
            }
        }
    }

    private EventLog play(ChildProcesses children, Admin admin, Path podDir, Path slowRecords)
            throws IOException, InterruptedException {
        if (variant.consumers().isStreams()) {
            // Resolved before the clock starts: the first resolution on a machine runs Maven for seconds, which
            // would start the pods that much later than the timeline says.
            streamsWorkerClasspath();
        }
        RunClock clock = RunClock.startingIn(SET_UP_LEAD_MS, scale);
        EventLog log = new EventLog(clock);
        ConsumersSpec consumers = variant.consumers();
        // A migrating group is a consumer group for part of the run: its states are sampled throughout.
        boolean consumerGroup = VariantProtocol.of(variant).model() == RebalanceModel.BROKER_RECONCILED
                || GroupProtocols.speaksBoth(variant);
        GroupStatePoller groupState = consumerGroup
                ? GroupStatePoller.start(admin, cluster.groupId(variant.groupId()),
                        VariantProtocol.streamsGroup(variant), log) : null;
        try (CalibrationScheduler scheduler = new CalibrationScheduler(clock);
             LoadProducer producer = new LoadProducer(variant.topics(), cluster, log)) {
            PodConfigs configs = new PodConfigs(consumers);
            CalibrationPods pods = new CalibrationPods(consumers.all(), consumers.subscribe(), children, log, scheduler,
                    (pod, incarnation, subscription) -> workerCommand(clock, configs, pod, incarnation, subscription,
                            podDir, slowRecords), podDir);
            TimelineReplay replay = new TimelineReplay(pods, configs, scheduler, consumers.startup(), admin, cluster, producer,
                    log, slowRecords);
            producer.start();
            scheduler.at(0, () -> replay.startStaggered(consumers.initial()));
            for (TimelineEvent event : CalibrationTimeline.replayed(variant, seed)) {
                scheduler.at(event.atMs(), () -> replay.apply(event.operation()));
            }
            awaitEnd(clock, scheduler, producer);
            // Only after a complete run: on a failure the caller's ChildProcesses kills every worker at once.
            scheduler.runAndWait(() -> pods.closeAll(CLOSE_TIMEOUT_MS));
            notes.addAll(pods.unexpectedExits());
        } finally {
            if (groupState != null) {
                groupState.close();
            }
        }
        return log;
    }

    /** Sleeps until the scenario's duration is over; fails early if the timeline or the producer failed. */
    private void awaitEnd(RunClock clock, CalibrationScheduler scheduler, LoadProducer producer)
            throws InterruptedException {
        while (true) {
            Throwable failure = scheduler.failure() != null ? scheduler.failure() : producer.failure();
            if (failure != null) {
                throw new CalibrationException("the calibration run of variant '" + variant.name() + "' failed: "
                        + failure, failure);
            }
            long leftMs = clock.wallDelayUntil(variant.durationMs());
            if (leftMs <= 0) {
                return;
            }
            Thread.sleep(Math.min(leftMs, 200));
        }
    }

    private List<String> workerCommand(RunClock clock, PodConfigs configs, String pod, int incarnation, List<String> subscription,
                                       Path podDir, Path slowRecords) throws IOException {
        ConsumersSpec consumers = variant.consumers();
        String groupId = cluster.groupId(variant.groupId());
        Map<String, String> kafka = consumers.isStreams()
                ? StreamsProperties.of(consumers.configOf(pod), consumers.streams(), pod, cluster.bootstrapServers(),
                        groupId, stateDir(podDir, pod, incarnation), scale)
                : ConsumerProperties.of(configs.of(pod), pod, cluster.bootstrapServers(), groupId, scale);
        Map<String, String> topics = new LinkedHashMap<>();
        variant.topics().forEach(topic -> topics.put(topic.name(), cluster.topicName(topic.name())));
        Path settings = podDir.resolve(pod + "-" + incarnation + ".properties");
        new WorkerSettings(pod, clock.epochMs(), scale, seed, consumers.processing(), topics, subscription,
                slowRecords, kafka).write(settings);
        String classpath = workerClasspath;
        String worker = ConsumerWorker.class.getName();
        if (consumers.isStreams()) {
            StreamsWorkerSettings.of(consumers.streams()).appendTo(settings);
            classpath = streamsWorkerClasspath();
            worker = StreamsWorker.class.getName();
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(workerJvmOptions);
        command.addAll(List.of("-cp", classpath, worker, settings.toString()));
        return command;
    }

    /**
     * A Streams pod's state directory: the same for every start of the pod when it survives a restart (a
     * StatefulSet's volume), a new one for each start when it does not.
     */
    private Path stateDir(Path podDir, String pod, int incarnation) {
        boolean persistent = variant.consumers().streams().topology().persistentState();
        return podDir.resolve("state").resolve(persistent ? pod : pod + "-" + incarnation).toAbsolutePath();
    }

    private String streamsWorkerClasspath() {
        if (streamsWorkerClasspath == null) {
            streamsWorkerClasspath = RocksDbClasspath.workerClasspath(workerClasspath,
                    KafkaBrokerClasspath.defaultCacheDir());
        }
        return streamsWorkerClasspath;
    }

    private void createTopics(Admin admin) throws InterruptedException {
        List<NewTopic> topics = new ArrayList<>();
        for (TopicSpec topic : variant.topics()) {
            topics.add(new NewTopic(cluster.topicName(topic.name()), Optional.of(topic.partitions()),
                    cluster.replicationFactor()));
        }
        try {
            admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
            admin.describeTopics(realTopics()).allTopicNames().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new CalibrationException("could not create the topics " + realTopics() + " on "
                    + cluster.bootstrapServers() + ": " + e.getMessage(), e);
        }
    }

    /**
     * A new cluster has no __consumer_offsets yet: the first FindCoordinator creates it and is answered
     * COORDINATOR_NOT_AVAILABLE until its partitions have a leader and the coordinator has loaded them,
     * some hundreds of ms on the embedded broker. A cluster in use has long had it, so before the run
     * starts the group's offsets are fetched once (the admin client retries until the coordinator
     * answers), and the first pod's start is not slowed by it.
     */
    private void awaitGroupCoordinator(Admin admin) throws InterruptedException {
        String groupId = cluster.groupId(variant.groupId());
        try {
            admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new CalibrationException("the group coordinator of " + groupId + " on " + cluster.bootstrapServers()
                    + " did not answer: " + e.getMessage(), e);
        }
    }

    /** What the run deletes from a shared cluster: its topics, and a Streams application's changelogs. */
    private List<String> topicsToDelete() {
        List<String> topics = new ArrayList<>(realTopics());
        if (variant.consumers().isStreams()) {
            topics.addAll(StreamsChangelogs.names(variant, cluster.groupId(variant.groupId())));
        }
        return topics;
    }

    private List<String> realTopics() {
        return variant.topics().stream().map(topic -> cluster.topicName(topic.name())).toList();
    }

    /** Notes on what a real run cannot reproduce, for the report. */
    private void describeLimits() {
        if (variant.cluster().brokers() > 1 && !cluster.deleteAfterRun()) {
            notes.add("the scenario has " + variant.cluster().brokers() + " brokers; the embedded cluster has one"
                    + " (same group protocol; the coordinator and every partition leader are that broker)");
        }
        if (variant.cluster().network() != null) {
            notes.add("cluster.network is not reproduced: consumers reach the broker over loopback"
                    + " (latency well under 1 ms, no loss)");
        }
        if (variant.topics().stream().anyMatch(topic -> !topic.inTurn())) {
            notes.add("topics' arrivals: together is not reproduced: the producer writes each topic round robin"
                    + " (arrivals: inTurn)");
        }
        if (variant.consumers().isStreams()) {
            notes.add("Kafka Streams: each pod is a real Kafka Streams " + KafkaBrokerClasspath.kafkaVersion()
                    + " instance with RocksDB stores; its restore listener holds restoration (actives, standbys and"
                    + " warm-ups together) to topology.restoreRate, so the comparison is about what Streams restores"
                    + " and when, not how fast this machine writes RocksDB");
            long probingMs = scale.configMs(variant.consumers().streams().probingRebalanceIntervalMs());
            if (probingMs < StreamsApp.MIN_PROBING_REBALANCE_INTERVAL_MS) {
                notes.add("probing.rebalance.interval.ms scaled to " + probingMs + " ms is below StreamsConfig's"
                        + " minimum: the instances probe every " + StreamsApp.MIN_PROBING_REBALANCE_INTERVAL_MS
                        + " ms, slower than the scaled simulation");
            }
        }
        notes.add("startup.jvmStart, clientWarmup, closeWork and jvmExit are not applied: the real JVM start"
                + " (podStart to started), the client's first requests, close() and the process exit are what they"
                + " are");
        if (!variant.cluster().coordinatorWarmup().equals(ClusterSpec.WARM_COORDINATOR)) {
            notes.add("cluster.coordinatorWarmup is not applied: the embedded broker is started for each run, and"
                    + " its coordinator's first answers are as slow as its cold code makes them");
        }
        if (scale.factor() != 1) {
            notes.add(String.format(Locale.ROOT, "time scale %s: timeouts, intervals, rates and processing times"
                    + " are scaled; JVM start, request round trips, fetch.max.wait.ms and the broker's own"
                    + " work are not", scale.factor()));
        }
    }
}
