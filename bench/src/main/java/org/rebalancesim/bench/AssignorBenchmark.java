package org.rebalancesim.bench;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupSubscription;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.coordinator.group.api.assignor.ConsumerGroupPartitionAssignor;
import org.apache.kafka.coordinator.group.api.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.assignor.SubscribedTopicDescriber;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rebalancesim.assignor.Assignor;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.assignor.ServerGroupSpec;
import org.rebalancesim.assignor.TargetAssignment;
import org.rebalancesim.partition.TopicPartition;

/**
 * The adapters' overhead: one leader assignment through the simulator's adapter as the simulator uses it
 * against the same Kafka assignor called directly on inputs already in Kafka's types.
 * <ul>
 *   <li>Client assignors: KafkaClientAssignor, our types in, our types out.</li>
 *   <li>KIP-848 assignors: the coordinator's call, {@link ServerAssignors#assign(ConsumerGroupPartitionAssignor,
 *       ServerGroupSpec, Map)}, over the group as the coordinator keeps it ({@link ServerGroupSpec}, the target
 *       in Kafka's form): it returns the next target with every changed member's part translated to our
 *       partitions (the model needs them for every member) and, for an assignor that reads the previous
 *       target, made ready for the next computation. Directly: the same assignor on a GroupSpec built
 *       beforehand from the same maps ({@link PrebuiltGroupSpec}).</li>
 * </ul>
 * The group is {@code members} members on one topic of {@code partitions} partitions that were balanced
 * among them, one member having just left. As in Kafka, the members of an eager rebalance (range,
 * roundrobin) have revoked everything before joining and own nothing; cooperative-sticky members
 * and the KIP-848 members keep what they owned (their previous target).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(1)
public class AssignorBenchmark {

    static final String TOPIC = "events";

    /** A client assignor by its protocol name, or server:uniform / server:range. */
    @Param({"range", "roundrobin", "cooperative-sticky", "server:uniform", "server:range"})
    public String assignor;

    /** members x partitions */
    @Param({"100x1000", "1000x10000"})
    public String group;

    private Map<String, Integer> partitionsPerTopic;
    // client assignors
    private Assignor adapter;
    private List<Assignor.MemberSubscription> subscriptions;
    private ConsumerPartitionAssignor kafka;
    private Cluster cluster;
    private GroupSubscription kafkaSubscriptions;
    // server assignors
    private ConsumerGroupPartitionAssignor server;
    private ServerGroupSpec serverGroup;
    private GroupSpec groupSpec;
    private SubscribedTopicDescriber describer;

    @Setup(Level.Trial)
    public void group() {
        String[] parts = group.split("x");
        int members = Integer.parseInt(parts[0]);
        int partitions = Integer.parseInt(parts[1]);
        partitionsPerTopic = Map.of(TOPIC, partitions);
        // Balanced over members + 1 (round robin), then member number `members` left.
        List<List<TopicPartition>> owned = new ArrayList<>();
        for (int m = 0; m <= members; m++) {
            owned.add(new ArrayList<>());
        }
        for (int p = 0; p < partitions; p++) {
            owned.get(p % (members + 1)).add(new TopicPartition(TOPIC, p));
        }
        if (assignor.startsWith("server:")) {
            serverSetup(assignor.substring("server:".length()), members, owned);
        } else {
            clientSetup(members, owned);
        }
    }

    private static String memberId(int m) {
        return String.format("member-%05d", m);
    }

    private void clientSetup(int members, List<List<TopicPartition>> owned) {
        adapter = Assignors.builtIn().create(assignor);
        kafka = switch (assignor) {
            case "range" -> new RangeAssignor();
            case "roundrobin" -> new RoundRobinAssignor();
            case "cooperative-sticky" -> new CooperativeStickyAssignor();
            default -> throw new IllegalArgumentException(assignor);
        };
        subscriptions = new ArrayList<>();
        Map<String, Subscription> kafkaMembers = new HashMap<>();
        for (int m = 0; m < members; m++) {
            ByteBuffer userData = Assignors.builtIn().create(assignor).subscriptionUserData(Set.of(TOPIC));
            List<TopicPartition> kept = assignor.equals("cooperative-sticky") ? List.copyOf(owned.get(m)) : List.of();
            subscriptions.add(new Assignor.MemberSubscription(memberId(m), null, List.of(TOPIC), userData, kept, 1));
            List<org.apache.kafka.common.TopicPartition> kafkaOwned = new ArrayList<>();
            kept.forEach(tp -> kafkaOwned.add(new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition())));
            kafkaMembers.put(memberId(m), new Subscription(List.of(TOPIC),
                    userData == null ? null : userData.duplicate(), kafkaOwned, 1, Optional.empty()));
        }
        kafkaSubscriptions = new GroupSubscription(kafkaMembers);
        List<PartitionInfo> infos = new ArrayList<>();
        for (int p = 0; p < partitionsPerTopic.get(TOPIC); p++) {
            infos.add(new PartitionInfo(TOPIC, p, Node.noNode(), new Node[0], new Node[0]));
        }
        cluster = new Cluster("bench", List.of(), infos, Set.of(), Set.of());
        requireSameAnswer(new TreeMap<>(clientAdapter()), clientDirect());
    }

    private void serverSetup(String name, int members, List<List<TopicPartition>> owned) {
        server = ServerAssignors.create(name);
        List<ServerAssignors.Member> serverMembers = new ArrayList<>();
        for (int m = 0; m < members; m++) {
            serverMembers.add(new ServerAssignors.Member(memberId(m), null, Set.of(TOPIC),
                    new TreeSet<>(owned.get(m))));
        }
        serverGroup = ServerAssignors.groupSpec(serverMembers, partitionsPerTopic);
        groupSpec = PrebuiltGroupSpec.copyOf(serverGroup);
        describer = ServerAssignors.topicDescriber(partitionsPerTopic);
        Map<String, Set<Integer>> direct = new TreeMap<>();
        serverDirect().members().forEach((member, assignment) -> {
            Set<Integer> partitions = new TreeSet<>();
            assignment.partitions().values().forEach(partitions::addAll);
            direct.put(member, partitions);
        });
        Map<String, Set<Integer>> adapted = new TreeMap<>();
        TargetAssignment target = serverAdapter();
        serverMembers.forEach(member -> {
            Set<Integer> numbers = new TreeSet<>();
            target.partitions(member.memberId()).forEach(tp -> numbers.add(tp.partition()));
            adapted.put(member.memberId(), numbers);
        });
        requireSameAnswer(adapted, direct);
    }

    private static void requireSameAnswer(Object adapter, Object direct) {
        if (!adapter.equals(direct)) {
            throw new IllegalStateException("the adapter and Kafka's assignor disagree");
        }
    }

    @Benchmark
    public Object adapter() {
        return server != null ? serverAdapter() : clientAdapter();
    }

    @Benchmark
    public Object direct() {
        return server != null ? serverDirect() : kafka.assign(cluster, kafkaSubscriptions);
    }

    private Map<String, List<TopicPartition>> clientAdapter() {
        return adapter.assign(partitionsPerTopic, subscriptions);
    }

    /** Kafka's assignment in the adapter's shape, for the sanity check only. */
    private Map<String, List<TopicPartition>> clientDirect() {
        Map<String, List<TopicPartition>> answer = new TreeMap<>();
        kafka.assign(cluster, kafkaSubscriptions).groupAssignment().forEach((member, assignment) -> {
            List<TopicPartition> partitions = new ArrayList<>();
            assignment.partitions().forEach(tp -> partitions.add(new TopicPartition(tp.topic(), tp.partition())));
            partitions.sort(null);
            answer.put(member, partitions);
        });
        return answer;
    }

    /** The coordinator's call (TargetAssignmentStep.compute); the group's current target stays as it was. */
    private TargetAssignment serverAdapter() {
        return ServerAssignors.assign(server, serverGroup, partitionsPerTopic);
    }

    private org.apache.kafka.coordinator.group.api.assignor.GroupAssignment serverDirect() {
        return server.assign(groupSpec, describer);
    }
}
