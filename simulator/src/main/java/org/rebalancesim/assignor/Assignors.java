package org.rebalancesim.assignor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;
import org.apache.kafka.streams.processor.assignment.TaskAssignor;
import org.rebalancesim.scenario.KafkaAssignor;
import org.rebalancesim.scenario.StreamsApp;

/**
 * Creates assignors by the names in partition.assignment.strategy: Kafka's built-in ones by their
 * short or class names, any other class name by loading it (from the user's jars when the registry
 * has some). One registry per run; every member gets fresh instances, as every Kafka consumer has
 * its own. Close it after the run to release the user's jars.
 */
public final class Assignors implements AutoCloseable {

    /** The short names of Kafka's client-side assignors. */
    public static final List<String> NAMES = KafkaAssignor.shortNames();

    private final UserAssignorLoader userClasses;
    private final URLClassLoader jars;

    private Assignors(ClassLoader loader, URLClassLoader jars, List<Path> classpath) {
        this.userClasses = new UserAssignorLoader(loader, classpath);
        this.jars = jars;
    }

    /** Kafka's built-in assignors; a class name is looked up on the simulator's own classpath only. */
    public static Assignors builtIn() {
        return new Assignors(Assignors.class.getClassLoader(), null, List.of());
    }

    /**
     * Kafka's built-in assignors plus the classes in {@code jars} (jar files or class directories).
     * Their loader's parent is the simulator's, so a user's class sees the very kafka-clients classes
     * the simulator calls it through (parent first: a kafka-clients bundled in a user's jar is ignored).
     */
    public static Assignors withClasspath(List<Path> jars) {
        if (jars.isEmpty()) {
            return builtIn();
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a usable path: " + jar, e);
            }
        }
        URLClassLoader loader = new URLClassLoader("rebalance-sim user assignors", urls.toArray(URL[]::new),
                Assignors.class.getClassLoader());
        return new Assignors(loader, loader, jars);
    }

    /** True for Kafka's built-in assignors, by short name or class name. */
    public static boolean isBuiltIn(String name) {
        return KafkaAssignor.named(name).isPresent();
    }

    /**
     * A fresh assignor for one member.
     *
     * @throws AssignorException when a user's class cannot be loaded or created
     */
    public Assignor create(String name) {
        Optional<KafkaAssignor> kafkas = KafkaAssignor.named(name);
        if (kafkas.isPresent()) {
            return new KafkaClientAssignor(kafkaInstance(kafkas.get()), false);
        }
        if (!name.contains(".")) {
            throw new IllegalArgumentException("unknown assignor " + name + "; known: " + NAMES);
        }
        ConsumerPartitionAssignor assignor = userClasses.instantiate(name);
        return new KafkaClientAssignor(assignor, true);
    }

    /**
     * The rebalance protocols the assignor of this name supports. Kafka Streams' StreamsPartitionAssignor is
     * made for each member with its instance ({@link StreamsAssignor}), so its protocols are known by name.
     *
     * @throws AssignorException when a user's class cannot be loaded or created
     */
    public List<Assignor.RebalanceProtocol> supportedProtocols(String name) {
        return name.equals(StreamsAssignor.NAME) ? StreamsAssignor.PROTOCOLS : create(name).supportedProtocols();
    }

    /**
     * A fresh, configured Kafka Streams task assignor (KIP-924) of this class, as the leader's StreamsPartitionAssignor
     * makes one for each assignment (AssignorConfiguration#customTaskAssignor).
     *
     * @throws AssignorException when the class cannot be loaded or created, or is no TaskAssignor
     */
    public StreamsCustomTaskAssignor createTaskAssignor(String className) {
        boolean kafkas = StreamsApp.KAFKA_TASK_ASSIGNORS.contains(className);
        try {
            return new StreamsCustomTaskAssignor(userClasses.instantiate(className, TaskAssignor.class), !kafkas);
        } catch (AssignorException e) {
            throw kafkas ? new AssignorException(e.getMessage(), false, e) : e;
        }
    }

    /**
     * What keeps a Kafka Streams leader from assigning with this task.assignor.class: Kafka reads it only then
     * (Utils#newInstance, configure), and fails that assignment; the simulator asks before the run.
     */
    public Optional<String> problemWithTaskAssignor(String className) {
        try {
            createTaskAssignor(className);
            return Optional.empty();
        } catch (AssignorException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Kafka's class for each of its assignors (KafkaAssignorTest checks the class names agree). */
    private static ConsumerPartitionAssignor kafkaInstance(KafkaAssignor kafkas) {
        return switch (kafkas) {
            case RANGE -> new RangeAssignor();
            case ROUND_ROBIN -> new RoundRobinAssignor();
            case STICKY -> new StickyAssignor();
            case COOPERATIVE_STICKY -> new CooperativeStickyAssignor();
        };
    }

    /**
     * What keeps a consumer with this partition.assignment.strategy from starting, checked the way
     * Kafka's consumer does at construction: every class can be created, and the assignors share a
     * rebalance protocol (ConsumerCoordinator's constructor refuses them otherwise).
     */
    public Optional<String> problemWith(List<String> strategy) {
        Set<Assignor.RebalanceProtocol> common = EnumSet.allOf(Assignor.RebalanceProtocol.class);
        for (String name : strategy) {
            try {
                List<Assignor.RebalanceProtocol> supported = supportedProtocols(name);
                if (supported.isEmpty()) {
                    return Optional.of(name + ".supportedProtocols() is empty; it must support EAGER or COOPERATIVE");
                }
                common.retainAll(supported);
            } catch (AssignorException e) {
                return Optional.of(e.getMessage());
            }
        }
        if (common.isEmpty()) {
            return Optional.of("the assignors " + strategy + " share no rebalance protocol (EAGER or COOPERATIVE), so "
                    + "Kafka's consumer refuses to start; list only assignors that support the same protocol");
        }
        return Optional.empty();
    }

    /** Releases the user's jars (open files); assignors created by this registry must not be used after. */
    @Override
    public void close() {
        if (jars != null) {
            try {
                jars.close();
            } catch (IOException e) {
                throw new UncheckedIOException("could not close the --classpath jars", e);
            }
        }
    }
}
