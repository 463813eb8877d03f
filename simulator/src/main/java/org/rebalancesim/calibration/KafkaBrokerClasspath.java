package org.rebalancesim.calibration;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * The classpath of a Kafka broker ({@code org.apache.kafka:kafka_2.13}), resolved by Maven on first
 * use and cached, so that the simulator's own jar stays lean: the broker and its dependencies
 * (Scala, log4j, the storage and raft modules) are never part of it. The broker's version is the
 * version of the kafka-clients jar the simulator is built with, so broker and consumers match.
 * {@link RocksDbClasspath} resolves the Kafka Streams workers' RocksDB the same way.
 */
public final class KafkaBrokerClasspath {

    /** maven-dependency-plugin version for the generated pom (pinned: the default one varies with Maven). */
    static final String DEPENDENCY_PLUGIN = "3.8.1";
    /** The slf4j binding for the broker: slf4j-simple of the slf4j-api line Kafka 4.x's pom names (1.7). */
    static final String SLF4J_SIMPLE = "1.7.36";
    private static final long RESOLVE_TIMEOUT_MINUTES = 10;

    private KafkaBrokerClasspath() {
    }

    /** The Kafka version of the broker: the kafka-clients version on the simulator's classpath. */
    public static String kafkaVersion() {
        try (InputStream in = KafkaConsumer.class
                .getResourceAsStream("/kafka/kafka-version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            String version = properties.getProperty("version");
            if (version == null || version.isBlank() || version.equals("unknown")) {
                throw new CalibrationException("kafka-clients on the classpath does not say its version"
                        + " (kafka/kafka-version.properties); cannot choose the broker to run");
            }
            return version.trim();
        } catch (IOException e) {
            throw new CalibrationException("could not read the kafka-clients version: " + e.getMessage(), e);
        }
    }

    /** The default cache: $REBALANCE_SIM_CACHE, else ~/.cache/rebalance-sim. */
    public static Path defaultCacheDir() {
        String env = System.getenv("REBALANCE_SIM_CACHE");
        return env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".cache", "rebalance-sim");
    }

    /**
     * The broker's classpath, from {@code cacheDir/kafka-<version>/classpath.txt} when every jar it
     * names still exists, else resolved now with {@code mvn} (offline first, then from the
     * repositories Maven is configured with).
     */
    public static String resolve(Path cacheDir) {
        String version = kafkaVersion();
        return resolveCached(cacheDir.resolve("kafka-" + version), pom(version), "kafka_2.13",
                "the Kafka broker org.apache.kafka:kafka_2.13:" + version);
    }

    /**
     * The runtime classpath of the dependencies {@code pomText} names, from {@code dir/classpath.txt}
     * when it was resolved from that very pom and every jar it names (one of them containing
     * {@code marker}) still exists, else resolved now with {@code mvn} (offline first, then from the
     * repositories Maven is configured with).
     */
    static String resolveCached(Path dir, String pomText, String marker, String what) {
        Path cached = dir.resolve("classpath.txt");
        Path pom = dir.resolve("pom.xml");
        try {
            String classpath = readValid(cached, marker);
            // A cached classpath counts only if it was resolved from the pom this version would write.
            if (classpath != null && Files.isRegularFile(pom)
                    && Files.readString(pom, StandardCharsets.UTF_8).equals(pomText)) {
                return classpath;
            }
            Files.createDirectories(dir);
            Files.writeString(pom, pomText, StandardCharsets.UTF_8);
            Path output = dir.resolve("classpath.tmp");
            Path log = dir.resolve("mvn.log");
            if (!runMaven(pom, output, log, true) && !runMaven(pom, output, log, false)) {
                throw new CalibrationException("could not resolve " + what + " with Maven; see " + log
                        + " (a first run needs Maven Central or a mirror; or use --bootstrap-server to calibrate"
                        + " against a running cluster)");
            }
            Files.move(output, cached, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            String resolved = readValid(cached, marker);
            if (resolved == null) {
                throw new CalibrationException("Maven produced an unusable classpath in " + cached);
            }
            return resolved;
        } catch (IOException e) {
            throw new CalibrationException("could not prepare the classpath of " + what + " in " + dir + ": "
                    + e.getMessage(), e);
        }
    }

    private static String readValid(Path file, String marker) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        String classpath = Files.readString(file, StandardCharsets.UTF_8).trim();
        List<String> entries = List.of(classpath.split(File.pathSeparator));
        boolean complete = !classpath.isEmpty()
                && entries.stream().anyMatch(entry -> entry.contains(marker))
                && entries.stream().allMatch(entry -> Files.isRegularFile(Path.of(entry)));
        return complete ? classpath : null;
    }

    private static boolean runMaven(Path pom, Path output, Path log, boolean offline) throws IOException {
        List<String> command = new ArrayList<>(List.of(mavenCommand(), "-q", "-B"));
        if (offline) {
            command.add("-o");
        }
        command.addAll(List.of("-f", pom.toString(),
                "org.apache.maven.plugins:maven-dependency-plugin:" + DEPENDENCY_PLUGIN + ":build-classpath",
                "-Dmdep.outputFile=" + output, "-Dmdep.includeScope=runtime"));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        } catch (IOException e) {
            throw new CalibrationException("could not run Maven ('" + mavenCommand() + "') to resolve a calibration classpath: "
                    + e.getMessage() + "; install Maven, set $MAVEN_CMD, or use --bootstrap-server", e);
        }
        try {
            if (!process.waitFor(RESOLVE_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new CalibrationException("Maven did not resolve the classpath of " + pom.getParent() + " within "
                        + RESOLVE_TIMEOUT_MINUTES + " minutes; see " + log);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CalibrationException("interrupted while Maven resolved " + pom.getParent(), e);
        }
        return process.exitValue() == 0 && Files.isRegularFile(output);
    }

    private static String mavenCommand() {
        String env = System.getenv("MAVEN_CMD");
        return env != null && !env.isBlank() ? env : "mvn";
    }

    static String pom(String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Generated by rebalance-sim calibrate: only resolves the Kafka broker's classpath. -->
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>org.rebalancesim.calibration</groupId>
                  <artifactId>kafka-broker-classpath</artifactId>
                  <version>1</version>
                  <packaging>pom</packaging>
                  <dependencies>
                    <dependency>
                      <groupId>org.apache.kafka</groupId>
                      <artifactId>kafka_2.13</artifactId>
                      <version>%s</version>
                    </dependency>
                    <!-- Kafka's pom names slf4j-api 1.7 but no binding (its distribution adds one):
                         without one the broker would log nothing, not even why it failed to start. -->
                    <dependency>
                      <groupId>org.slf4j</groupId>
                      <artifactId>slf4j-simple</artifactId>
                      <version>%s</version>
                    </dependency>
                  </dependencies>
                </project>
                """.formatted(version, SLF4J_SIMPLE);
    }
}
