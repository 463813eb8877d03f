package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;

/**
 * Builds a user's assignor jar at test time: the classes are compiled against kafka-clients by the
 * JDK's compiler and packed with java.util.jar, so they are on no classpath but the jar's, as a
 * user's would be.
 */
final class AssignorJars {

    /** Gives every partition the smallest member id subscribes to to that member; the others get nothing. */
    static final String SMALLEST_ID = "com.acme.SmallestIdAssignor";
    /** Throws from assign(). */
    static final String THROWING = "com.acme.ThrowingAssignor";
    /** A class, but not an assignor. */
    static final String NOT_AN_ASSIGNOR = "com.acme.NotAnAssignor";
    /** Supports only COOPERATIVE, so it cannot be listed together with range. */
    static final String COOPERATIVE_ONLY = "com.acme.CooperativeOnlyAssignor";
    /** Gives every partition to every member: two owners in one generation, which the invariant checks catch. */
    static final String EVERYTHING_TO_EVERYONE = "com.acme.EverythingToEveryoneAssignor";
    /** Deals the partitions out in turn, and puts user data (one byte) in every member's assignment. */
    static final String WITH_USER_DATA = "com.acme.UserDataAssignor";

    private static final Map<String, String> SOURCES = Map.of(
            SMALLEST_ID, """
                    package com.acme;

                    import java.util.*;
                    import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
                    import org.apache.kafka.common.Cluster;
                    import org.apache.kafka.common.PartitionInfo;
                    import org.apache.kafka.common.TopicPartition;

                    public class SmallestIdAssignor implements ConsumerPartitionAssignor {
                        @Override
                        public GroupAssignment assign(Cluster metadata, GroupSubscription group) {
                            Map<String, Subscription> members = group.groupSubscription();
                            String smallest = new TreeSet<>(members.keySet()).first();
                            List<TopicPartition> all = new ArrayList<>();
                            for (String topic : new TreeSet<>(members.get(smallest).topics())) {
                                for (PartitionInfo p : metadata.partitionsForTopic(topic)) {
                                    all.add(new TopicPartition(p.topic(), p.partition()));
                                }
                            }
                            Map<String, Assignment> assignments = new HashMap<>();
                            for (String member : members.keySet()) {
                                assignments.put(member, new Assignment(member.equals(smallest) ? all : List.of()));
                            }
                            return new GroupAssignment(assignments);
                        }

                        @Override
                        public String name() {
                            return "smallest-id";
                        }
                    }
                    """,
            THROWING, """
                    package com.acme;

                    import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
                    import org.apache.kafka.common.Cluster;

                    public class ThrowingAssignor implements ConsumerPartitionAssignor {
                        @Override
                        public GroupAssignment assign(Cluster metadata, GroupSubscription group) {
                            throw new IllegalStateException("boom: no assignment today");
                        }

                        @Override
                        public String name() {
                            return "throwing";
                        }
                    }
                    """,
            NOT_AN_ASSIGNOR, """
                    package com.acme;

                    public class NotAnAssignor {
                    }
                    """,
            COOPERATIVE_ONLY, """
                    package com.acme;

                    import java.util.List;

                    public class CooperativeOnlyAssignor extends SmallestIdAssignor {
                        @Override
                        public List<RebalanceProtocol> supportedProtocols() {
                            return List.of(RebalanceProtocol.COOPERATIVE);
                        }
                    }
                    """,
            EVERYTHING_TO_EVERYONE, """
                    package com.acme;

                    import java.util.*;
                    import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
                    import org.apache.kafka.common.Cluster;
                    import org.apache.kafka.common.PartitionInfo;
                    import org.apache.kafka.common.TopicPartition;

                    public class EverythingToEveryoneAssignor implements ConsumerPartitionAssignor {
                        @Override
                        public GroupAssignment assign(Cluster metadata, GroupSubscription group) {
                            Map<String, Assignment> assignments = new HashMap<>();
                            group.groupSubscription().forEach((member, subscription) -> {
                                List<TopicPartition> all = new ArrayList<>();
                                for (String topic : new TreeSet<>(subscription.topics())) {
                                    for (PartitionInfo p : metadata.partitionsForTopic(topic)) {
                                        all.add(new TopicPartition(p.topic(), p.partition()));
                                    }
                                }
                                assignments.put(member, new Assignment(all));
                            });
                            return new GroupAssignment(assignments);
                        }

                        @Override
                        public String name() {
                            return "everything-to-everyone";
                        }
                    }
                    """,
            WITH_USER_DATA, """
                    package com.acme;

                    import java.nio.ByteBuffer;
                    import java.util.*;
                    import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
                    import org.apache.kafka.common.Cluster;
                    import org.apache.kafka.common.PartitionInfo;
                    import org.apache.kafka.common.TopicPartition;

                    public class UserDataAssignor implements ConsumerPartitionAssignor {
                        @Override
                        public GroupAssignment assign(Cluster metadata, GroupSubscription group) {
                            List<String> members = new ArrayList<>(new TreeSet<>(group.groupSubscription().keySet()));
                            Map<String, List<TopicPartition>> dealt = new HashMap<>();
                            members.forEach(member -> dealt.put(member, new ArrayList<>()));
                            int next = 0;
                            Set<String> topics = new TreeSet<>();
                            group.groupSubscription().values().forEach(s -> topics.addAll(s.topics()));
                            for (String topic : topics) {
                                for (PartitionInfo p : metadata.partitionsForTopic(topic)) {
                                    dealt.get(members.get(next++ % members.size()))
                                            .add(new TopicPartition(p.topic(), p.partition()));
                                }
                            }
                            Map<String, Assignment> assignments = new HashMap<>();
                            dealt.forEach((member, partitions) -> assignments.put(member,
                                    new Assignment(partitions, ByteBuffer.wrap(new byte[] {1}))));
                            return new GroupAssignment(assignments);
                        }

                        @Override
                        public String name() {
                            return "user-data";
                        }
                    }
                    """);

    private AssignorJars() {
    }

    /** Compiles every test assignor into {@code dir}/classes and packs them into {@code dir}/assignors.jar. */
    static Path build(Path dir) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertNotNull(compiler, "the tests need a JDK (javax.tools), not a JRE");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<JavaFileObject> sources = new ArrayList<>();
        SOURCES.forEach((name, code) -> sources.add(new Source(name, code)));
        StringWriter diagnostics = new StringWriter();
        boolean compiled = compiler.getTask(diagnostics, null, null,
                List.of("--release", "17", "-d", classes.toString(), "-classpath", kafkaClients().toString()),
                null, sources).call();
        assertTrue(compiled, diagnostics.toString());
        Path jar = dir.resolve("assignors.jar");
        pack(classes, jar);
        return jar;
    }

    /** Where ConsumerPartitionAssignor came from: the kafka-clients jar (or the shaded jar) the tests run with. */
    static Path kafkaClients() {
        try {
            return Path.of(ConsumerPartitionAssignor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void pack(Path classes, Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (Path classFile : files) {
                out.putNextEntry(new JarEntry(classes.relativize(classFile).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(classFile));
                out.closeEntry();
            }
        }
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String code;

        Source(String className, String code) {
            super(URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.code = code;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }
    }
}
