package org.rebalancesim.calibration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Uuid;

/**
 * A single-node KRaft Kafka broker (broker and controller in one process) in a child JVM, listening
 * on 127.0.0.1 only, on free ports. Its classpath comes from {@link KafkaBrokerClasspath}; its data
 * lives in a temporary directory that {@link #close()} deletes along with the process.
 */
public final class EmbeddedBroker implements CalibrationCluster {

    /** How long the broker may take from formatting its storage to answering an admin request. */
    public static final long START_TIMEOUT_MS = 60_000;
    /** The broker's own log, in the directory {@link #start} is given, with the coordinator's INFO lines. */
    static final String LOG_FILE = "broker.log";

    private final ChildProcesses children;
    private final Path dataDir;
    private final Process process;
    private final String bootstrapServers;
    private final long startupMs;
    private final Path log;

    private EmbeddedBroker(ChildProcesses children, Path dataDir, Process process, String bootstrapServers,
                           long startupMs, Path log) {
        this.children = children;
        this.dataDir = dataDir;
        this.process = process;
        this.bootstrapServers = bootstrapServers;
        this.startupMs = startupMs;
        this.log = log;
    }

    /** The broker's own log ({@link #LOG_FILE}). */
    @Override
    public Optional<Path> groupCoordinatorLog() {
        return Optional.of(log);
    }

    /**
     * Starts a broker and waits until it answers an admin request.
     *
     * @param settings broker configs layered over the single-node defaults, e.g. {@link BrokerSettings#of}
     * @param logDir   where the broker's own log ({@code broker.log}) goes
     * @param requestLog whether broker.log also gets every request the broker completes (Kafka's
     *                 {@code kafka.request.logger} at DEBUG: client id, API, the request and answer, with
     *                 their times), to see when each client sent what; it costs the broker CPU
     * @throws CalibrationException if it does not start within {@link #START_TIMEOUT_MS}
     */
    public static EmbeddedBroker start(Map<String, String> settings, Path logDir, boolean requestLog) {
        String classpath = KafkaBrokerClasspath.resolve(KafkaBrokerClasspath.defaultCacheDir());
        ChildProcesses children = new ChildProcesses("broker");
        Path dataDir = null;
        try {
            Files.createDirectories(logDir);
            dataDir = Files.createTempDirectory("rebalance-sim-kafka-");
            Path created = dataDir;
            children.afterKill(() -> deleteQuietly(created));
            long startedNanos = System.nanoTime();
            int port = freePort();
            int controllerPort = freePort();
            Path config = dataDir.resolve("server.properties");
            Files.writeString(config, properties(serverConfig(dataDir, port, controllerPort, settings)), StandardCharsets.UTF_8);
            Path log4j = dataDir.resolve("log4j2.properties");
            Files.writeString(log4j, LOG4J, StandardCharsets.UTF_8);
            Path log = logDir.resolve(LOG_FILE);
            format(children, classpath, config, log4j, log, startedNanos);
            Process process = children.start(new ProcessBuilder(java(classpath, log4j, requestLog, "-Xms256m",
                    "-Xmx768m", "kafka.Kafka", config.toString())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())));
            String bootstrap = "127.0.0.1:" + port;
            awaitReady(process, port, bootstrap, log, startedNanos);
            long startupMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
            return new EmbeddedBroker(children, dataDir, process, bootstrap, startupMs, log);
        } catch (IOException | RuntimeException e) {
            children.close();
            deleteQuietly(dataDir);
            if (e instanceof CalibrationException calibration) {
                throw calibration;
            }
            throw new CalibrationException("could not start the embedded Kafka broker: " + e, e);
        }
    }

    static Map<String, String> serverConfig(Path dataDir, int port, int controllerPort, Map<String, String> settings) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("process.roles", "broker,controller");
        config.put("node.id", "1");
        config.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        config.put("controller.listener.names", "CONTROLLER");
        config.put("inter.broker.listener.name", "PLAINTEXT");
        config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        config.put("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
        config.put("log.dirs", dataDir.resolve("log").toString());
        config.put("offsets.topic.replication.factor", "1");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("share.coordinator.state.topic.replication.factor", "1");
        config.put("share.coordinator.state.topic.min.isr", "1");
        config.put("auto.create.topics.enable", "false");
        config.putAll(settings);
        return config;
    }

    private static void format(ChildProcesses children, String classpath, Path config, Path log4j, Path log,
                               long startedNanos) throws IOException {
        Process format = children.start(new ProcessBuilder(java(classpath, log4j, false, "-Xmx256m",
                "kafka.tools.StorageTool", "format", "--standalone", "-t", Uuid.randomUuid().toString(),
                "-c", config.toString())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())));
        try {
            if (!format.waitFor(remainingMs(startedNanos), TimeUnit.MILLISECONDS)) {
                throw new CalibrationException("formatting the embedded broker's storage took more than "
                        + START_TIMEOUT_MS / 1000 + " s; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CalibrationException("interrupted while formatting the broker's storage", e);
        }
        if (format.exitValue() != 0) {
            throw new CalibrationException("kafka.tools.StorageTool format failed (exit " + format.exitValue()
                    + "): " + tail(log));
        }
    }

    private static List<String> java(String classpath, Path log4j, boolean requestLog, String... rest) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-Djava.awt.headless=true",
                "-Dlog4j2.configurationFile=" + log4j.toUri(),
                // slf4j-simple (see KafkaBrokerClasspath): warnings and errors, the "started" line and the
                // group coordinator's rebalances (CoordinatorLog), stamped with the wall clock in UTC.
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.showDateTime=true",
                "-Dorg.slf4j.simpleLogger.dateTimeFormat=" + CoordinatorLog.TIMESTAMP_FORMAT, "-Duser.timezone=UTC",
                "-Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info",
                "-Dorg.slf4j.simpleLogger.log." + CoordinatorLog.LOGGER + "=info",
                "-Dorg.slf4j.simpleLogger.log.kafka.Kafka=info", "-cp", classpath));
        if (requestLog) {
            command.add("-Dorg.slf4j.simpleLogger.log." + REQUEST_LOGGER + "=debug");
        }
        command.addAll(List.of(rest));
        return command;
    }

    private static void awaitReady(Process process, int port, String bootstrap, Path log, long startedNanos) {
        try {
            while (!accepts(port)) {
                checkAlive(process, log);
                if (remainingMs(startedNanos) <= 0) {
                    throw timeout(log);
                }
                Thread.sleep(100);
            }
            Map<String, Object> admin = Map.of("bootstrap.servers", bootstrap, "request.timeout.ms", 5_000,
                    "default.api.timeout.ms", 10_000, "client.id", "rebalance-sim-calibration-readiness",
                    "enable.metrics.push", false);
            while (true) {
                checkAlive(process, log);
                if (remainingMs(startedNanos) <= 0) {
                    throw timeout(log);
                }
                try (Admin client = Admin.create(admin)) {
                    if (!client.describeCluster().nodes().get(remainingMs(startedNanos), TimeUnit.MILLISECONDS).isEmpty()) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    Thread.sleep(200);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CalibrationException("interrupted while waiting for the embedded broker", e);
        }
    }

    private static CalibrationException timeout(Path log) {
        return new CalibrationException("the embedded Kafka broker did not start within " + START_TIMEOUT_MS / 1000
                + " s; its log (" + log + ") ends with: " + tail(log));
    }

    private static void checkAlive(Process process, Path log) {
        if (!process.isAlive()) {
            throw new CalibrationException("the embedded Kafka broker exited with code " + process.exitValue()
                    + "; its log (" + log + ") ends with: " + tail(log));
        }
    }

    private static long remainingMs(long startedNanos) {
        return START_TIMEOUT_MS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A port free right now on the loopback interface (the OS picks it). */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    static String properties(Map<String, String> config) {
        StringBuilder text = new StringBuilder("# Generated by rebalance-sim calibrate\n");
        config.forEach((key, value) -> text.append(key).append('=').append(value.replace("\\", "\\\\")).append('\n'));
        return text.toString();
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Kafka's logger of every completed request (kafka.network.RequestChannel), one JSON line each at DEBUG. */
    static final String REQUEST_LOGGER = "kafka.request.logger";

    private static final String LOG4J = """
            # Generated by rebalance-sim calibrate: warnings and errors only, on the console (broker.log).
            status = warn
            appender.console.type = Console
            appender.console.name = console
            appender.console.layout.type = PatternLayout
            appender.console.layout.pattern = [%d] %p %m (%c)%n
            rootLogger.level = warn
            rootLogger.appenderRef.console.ref = console
            logger.kafka.name = kafka.server.KafkaRaftServer
            logger.kafka.level = info
            """;

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** Wall-clock ms from formatting the storage to the first answered admin request. */
    public long startupMs() {
        return startupMs;
    }

    @Override
    public String topicName(String scenarioTopic) {
        return scenarioTopic;
    }

    @Override
    public String groupId(String scenarioGroupId) {
        return scenarioGroupId;
    }

    @Override
    public boolean deleteAfterRun() {
        return false;
    }

    @Override
    public Optional<Short> replicationFactor() {
        return Optional.of((short) 1);
    }

    /** Kills the broker (there is nothing to flush: its data is thrown away) and deletes its data. */
    @Override
    public void close() {
        children.close();
        deleteQuietly(dataDir);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    Path dataDir() {
        return dataDir;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try {
            Directories.deleteTree(dir);
        } catch (IOException e) {
            // a temporary directory; the OS cleans it eventually
        }
    }
}
