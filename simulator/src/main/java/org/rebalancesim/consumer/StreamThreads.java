package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.ConsumersSpec;

/**
 * The group members of one pod: the pod itself, or, for a Kafka Streams instance with num.stream.threads N,
 * its N stream threads, each a member of the group (docs/kafka-semantics.md §19). Thread 1 carries the pod's
 * name; thread i &gt; 1 is named {@code <pod>#<i>} ('#' is never in a pod name), which is how the results and the
 * timelines show it. The threads share the pod's JVM, network link, state directory and process id.
 */
public final class StreamThreads {

    private static final char SEPARATOR = '#';

    private StreamThreads() {
    }

    /** The names of the pod's members, thread 1 first. */
    public static List<String> names(String pod, ConsumersSpec consumers) {
        int count = consumers.isStreams() ? consumers.streams().numStreamThreads() : 1;
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            names.add(i == 1 ? pod : pod + SEPARATOR + i);
        }
        return names;
    }

    /** The pod (Kafka Streams instance) a member belongs to. */
    static String instanceOf(String member) {
        int at = member.indexOf(SEPARATOR);
        return at < 0 ? member : member.substring(0, at);
    }

    /** A member's thread index, 1 for the pod's first (or only) member. */
    static int indexOf(String member) {
        int at = member.indexOf(SEPARATOR);
        return at < 0 ? 1 : Integer.parseInt(member.substring(at + 1));
    }
}
