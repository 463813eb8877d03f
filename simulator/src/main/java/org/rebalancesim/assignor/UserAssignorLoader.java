package org.rebalancesim.assignor;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.common.Configurable;

/**
 * Creates a user's {@link ConsumerPartitionAssignor} from its class name, as Kafka's consumer does
 * (ConsumerPartitionAssignor#getAssignorInstances: public no-arg constructor, then configure() when
 * Configurable), or a Kafka Streams task assignor (KIP-924's TaskAssignor, which is Configurable) as
 * AssignorConfiguration#customTaskAssignor does. Every way this can fail becomes an {@link AssignorException}
 * that says what to do, because the user meets these messages before anything runs.
 */
final class UserAssignorLoader {

    private final ClassLoader loader;
    private final List<Path> classpath;

    UserAssignorLoader(ClassLoader loader, List<Path> classpath) {
        this.loader = loader;
        this.classpath = List.copyOf(classpath);
    }

    ConsumerPartitionAssignor instantiate(String className) {
        return instantiate(className, ConsumerPartitionAssignor.class);
    }

    /** A configured instance of {@code className}, which must implement {@code kind}. */
    <T> T instantiate(String className, Class<T> kind) {
        Class<?> type = load(className);
        if (!kind.isAssignableFrom(type)) {
            throw failure(className + " does not implement " + kind.getName() + "; name a class that does", null);
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw failure(className + " is abstract; name a concrete subclass", null);
        }
        T assignor = construct(className, type.asSubclass(kind));
        if (assignor instanceof Configurable configurable) {
            // Kafka passes the consumer's configs (a task assignor: StreamsConfig#originals) here; a scenario has
            // no place for an assignor's own settings, so it gets none.
            try {
                configurable.configure(Map.of());
            } catch (RuntimeException | LinkageError e) {
                throw failure(className + ".configure({}) threw " + e, e);
            }
        }
        return assignor;
    }

    private Class<?> load(String className) {
        try {
            // Not initialized yet: a class that is no assignor should not get to run its static code.
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            String fix = classpath.isEmpty()
                    ? "no --classpath was given; pass its jar with --classpath app.jar (several: a.jar"
                            + java.io.File.pathSeparator + "b.jar)"
                    : "it is not in " + listed() + "; check the class name, or pass the jar that contains it"
                            + " with --classpath";
            throw failure("class " + className + " not found: " + fix, e);
        } catch (LinkageError e) {
            throw failure("class " + className + " could not be loaded (" + e + "); " + fixFor(e), e);
        }
    }

    private <T> T construct(String className, Class<? extends T> type) {
        try {
            Constructor<? extends T> constructor = type.getConstructor();
            return constructor.newInstance();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw failure(className + " needs to be a public class with a public no-argument constructor, which is "
                    + "how Kafka creates assignors; add one", e);
        } catch (InvocationTargetException e) {
            throw failure("the constructor of " + className + " threw " + e.getCause(), e.getCause());
        } catch (ExceptionInInitializerError e) {
            throw failure("the static initializer of " + className + " threw " + e.getCause(), e.getCause());
        } catch (InstantiationException e) {
            throw failure(className + " cannot be instantiated (" + e + ")", e);
        } catch (RuntimeException | LinkageError e) {
            throw failure(className + " could not be initialized (" + e + "); " + fixFor(e), e);
        }
    }

    private String fixFor(Throwable e) {
        if (e instanceof UnsupportedClassVersionError) {
            return "compile it for Java " + Runtime.version().feature() + " or run the simulator on a newer Java";
        }
        if (e instanceof NoClassDefFoundError) {
            return "add the jars it depends on to --classpath";
        }
        return "check the class and the jars on --classpath";
    }

    private String listed() {
        return classpath.stream().map(Path::toString).collect(Collectors.joining(", "));
    }

    private static AssignorException failure(String message, Throwable cause) {
        return new AssignorException(message, true, cause);
    }
}
