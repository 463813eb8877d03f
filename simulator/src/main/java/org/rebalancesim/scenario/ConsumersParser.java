package org.rebalancesim.scenario;

import static org.rebalancesim.scenario.Distributions.NO_TIME;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.rebalancesim.scenario.autoscaling.AutoscalerSpec;

/**
 * Reads {@code consumers:}: the initial pods ({@code count: N} names them c1..cN, or {@code names:}),
 * their shared config, subscription, per-record processing time and start-up timing.
 */
final class ConsumersParser {

    private static final String GROUP_INSTANCE_ID = "group.instance.id";

    static final List<String> KEYS = List.of("count", "names", "app", "config", "overrides", "subscribe", "processing",
            "startup", "topology", "closeOptions", "workload", "autoscaler", "listener",
            "application", "heartbeatLateness");

    static final Distribution DEFAULT_PROCESSING = new Distributions.Constant(1);
    static final List<String> STARTUP_KEYS = List.of("stagger", "jvmStart", "clientWarmup", "closeWork", "jvmExit",
            "firstAssignment", "firstSync", "firstActiveTask", "nodeCores", "podsPerNode", "coresPerStart",
            "coreShareSpread");
    private static final int MAX_NODE_CORES = 1024;
    private static final int MAX_CORE_SHARE_SPREAD = 2;
    private static final YamlPath PATH = YamlPath.ROOT.key("consumers");

    private final YamlNodes nodes;

    ConsumersParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The pods started at time 0, in start order; null if {@code count}/{@code names} is invalid. */
    List<String> initialPods(JsonNode root) {
        JsonNode node = nodes.required(root, YamlPath.ROOT, "consumers",
                "the group's pods, e.g. consumers: {count: 3}");
        ObjectNode consumers = nodes.map(node, PATH, KEYS);
        if (consumers == null) {
            return null;
        }
        JsonNode count = YamlNodes.optional(consumers, "count");
        JsonNode names = YamlNodes.optional(consumers, "names");
        if ((count == null) == (names == null)) {
            nodes.problem(PATH, (count == null ? "needs" : "has both count and names; needs exactly one of")
                    + " count: N (pods c1..cN) or names: [a, b]");
            return null;
        }
        if (count != null) {
            Integer pods = nodes.numbers().integer(count, PATH.key("count"), 0, Limits.MAX_CONSUMERS);
            return pods == null ? null : PodNames.numbered(0, pods);
        }
        return newPodNames(names, PATH.key("names"), new LinkedHashSet<>());
    }

    /**
     * Pod names given explicitly (here or by a timeline {@code start}), which must be legal, distinct
     * and not among {@code existing}; null if any is not.
     */
    List<String> newPodNames(JsonNode node, YamlPath path, Set<String> existing) {
        ArrayNode list = nodes.list(node, path, "[api-1, api-2]");
        if (list == null) {
            return null;
        }
        List<String> pods = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>(existing);
        for (int i = 0; i < list.size(); i++) {
            YamlPath itemPath = path.index(i);
            String name = nodes.name(list.get(i), itemPath, "a pod name");
            String whyIllegal = name == null ? null : PodNames.whyIllegal(name);
            if (whyIllegal != null) {
                nodes.problem(itemPath, "pod name '" + name + "' " + whyIllegal);
            } else if (name != null && !seen.add(name)) {
                nodes.problem(itemPath, "pod '" + name + "' already exists; every pod needs its own name "
                        + "(to bring a stopped pod back, use restart or crash with restartAfter)");
            } else {
                pods.add(name);
            }
        }
        return pods.size() == list.size() && !pods.contains(null) ? pods : null;
    }

    /** The whole consumers section, or null if anything in it is invalid. */
    ConsumersSpec parse(JsonNode root, List<String> initial, List<String> all, ClusterSpec cluster,
                        TopicsParser.Catalog catalog) {
        ObjectNode consumers = YamlNodes.optional(root, "consumers") instanceof ObjectNode map ? map : null;
        StreamsParser streamsParser = new StreamsParser(nodes);
        Boolean isStreams = streamsParser.isStreams(consumers);
        if (isStreams == null) {
            return null;
        }
        StreamsApp streams = isStreams ? streamsParser.parse(consumers, catalog) : null;
        JsonNode configNode = YamlNodes.optional(consumers, "config");
        ConsumerConfig config = new ConsumerConfigParser(nodes).parse(
                isStreams ? streamsParser.consumerConfig(configNode) : configNode, PATH.key("config"), cluster);
        JsonNode subscribeNode = YamlNodes.optional(consumers, "subscribe");
        boolean byPattern = !isStreams && subscribeNode != null && subscribeNode.isObject();
        TopicPattern pattern = byPattern ? new PatternParser(nodes).parse(subscribeNode, PATH.key("subscribe"), config)
                : null;
        List<String> subscribe = isStreams ? streamsParser.subscription(consumers, streams)
                : byPattern ? matchingDeclared(pattern, catalog) : subscription(consumers, catalog);
        Distribution processing = new DistributionParser(nodes)
                .parse(consumers, PATH, "processing", DEFAULT_PROCESSING);
        StartupSpec startup = startup(YamlNodes.optional(consumers, "startup"), PATH.key("startup"));
        Distribution heartbeatLateness = new DistributionParser(nodes).parse(consumers, PATH, "heartbeatLateness", NO_TIME);
        Map<String, ConsumerConfig> overrides = overrides(consumers, config, cluster, isStreams);
        Optional<WorkloadSpec> workload = new WorkloadParser(nodes).parse(consumers, PATH.key("workload"));
        Optional<AutoscalerSpec> autoscaler = new AutoscalerParser(nodes).parse(consumers, PATH.key("autoscaler"),
                YamlNodes.optional(consumers, "workload") != null);
        PerPod<ListenerSpec.Callbacks> listener = new ListenerParser(nodes).parse(YamlNodes.optional(consumers, "listener"),
                PATH.key("listener"), isStreams);
        PerPod<ApplicationCommits> commits = new ApplicationParser(nodes).parse(YamlNodes.optional(consumers, "application"),
                PATH.key("application"), isStreams);
        if (!YamlNodes.allPresent(initial, all, config, subscribe, processing, startup, overrides, workload, autoscaler,
                listener, commits, heartbeatLateness)
                || isStreams && streams == null) {
            return null;
        }
        return new ConsumersSpec(initial, all, isStreams ? StreamsParser.mainConsumer(config, streams) : config,
                subscribe, processing, startup, overrides, streams, workload.orElse(null), autoscaler.orElse(null),
                listener, commits, pattern, heartbeatLateness);
    }

    /** The declared topics a pattern matches, created at the start or later: the topics the group may consume. */
    private static List<String> matchingDeclared(TopicPattern pattern, TopicsParser.Catalog catalog) {
        return pattern == null || catalog.topics() == null ? null : pattern.matching(catalog.topics().stream().map(TopicSpec::name).toList());
    }

    /**
     * {@code overrides: {c3: {group.instance.id: ~}}}: pods whose consumer configs differ from the
     * shared ones (a mixed group: some static members, a pod with another max.poll.interval.ms, ...).
     * Each override is merged over {@code config} and checked like it. Pod names are checked against
     * every pod once the timeline is read.
     */
    private Map<String, ConsumerConfig> overrides(ObjectNode consumers, ConsumerConfig shared, ClusterSpec cluster,
                                                  boolean isStreams) {
        YamlPath path = PATH.key("overrides");
        JsonNode node = YamlNodes.optional(consumers, "overrides");
        Map<String, ConsumerConfig> overrides = new TreeMap<>();
        if (node == null) {
            return overrides;
        }
        if (!(node instanceof ObjectNode byPod)) {
            nodes.problem(path, "expected a map of pod name to consumer configs, e.g. {c3: {group.instance.id: ~}}");
            return null;
        }
        boolean ok = true;
        for (var entry : byPod.properties()) {
            YamlPath podPath = path.key(entry.getKey());
            if (!(entry.getValue() instanceof ObjectNode override)) {
                nodes.problem(podPath, "expected consumer configs for this pod, e.g. {group.instance.id: ~}");
                ok = false;
                continue;
            }
            if (isStreams && override.has("group.protocol")) {
                nodes.problem(podPath.key("group.protocol"), "every instance of a Kafka Streams application uses "
                        + "the application's protocol (consumers.config); set it there");
                ok = false;
                continue;
            }
            ConsumerConfig config = podConfig(YamlNodes.optional(consumers, "config"), override, podPath, shared, cluster);
            if (config == null) {
                ok = false;
            } else {
                overrides.put(entry.getKey(), config);
            }
        }
        return ok && shared != null ? overrides : null;
    }

    /**
     * A pod's configuration: {@code change} merged over {@code base} (a null value removes the key), checked
     * like the shared one. A classic pod must share an assignor with the others, as the coordinator requires;
     * pods may speak classic or consumer (a group in migration, docs/kafka-semantics.md §21).
     *
     * @return the configuration, or null with the problems recorded
     */
    ConsumerConfig podConfig(JsonNode base, ObjectNode change, YamlPath path, ConsumerConfig shared,
                             ClusterSpec cluster) {
        ObjectNode merged = base instanceof ObjectNode map ? map.deepCopy() : change.objectNode();
        change.properties().forEach(field -> {
            if (field.getValue().isNull()) {
                merged.remove(field.getKey());
            } else {
                merged.set(field.getKey(), field.getValue());
            }
        });
        ConsumerConfig config = new ConsumerConfigParser(nodes).parse(merged, path, cluster);
        if (config != null && shared != null && config.groupProtocol() == GroupProtocolName.CLASSIC
                && shared.groupProtocol() == GroupProtocolName.CLASSIC
                && config.partitionAssignmentStrategy().stream().noneMatch(shared.partitionAssignmentStrategy()::contains)) {
            nodes.problem(path.key("partition.assignment.strategy"), "shares no assignor with the other "
                    + "pods " + shared.partitionAssignmentStrategy() + ": the coordinator would answer its "
                    + "JoinGroup with INCONSISTENT_GROUP_PROTOCOL; list at least one assignor they have too");
            return null;
        }
        return config;
    }

    /** Problems for override names that are not pods of the scenario. */
    void checkOverrideNames(ConsumersSpec spec, List<String> allPods) {
        PodOverrides names = new PodOverrides(nodes);
        names.checkNames(spec.overrides().keySet(), PATH.key("overrides"), allPods);
        names.checkNames(spec.listener().overrides().keySet(), PATH.key("listener").key(PodOverrides.KEY), allPods);
        names.checkNames(spec.commits().overrides().keySet(), PATH.key("application").key(PodOverrides.KEY), allPods);
    }

    /**
     * Kafka takes group.instance.id as it is: pods that would send the same one are one static member to the
     * coordinator, which fences whichever joined before (FENCED_INSTANCE_ID), so they could never run together.
     */
    void checkDistinctInstanceIds(ConsumersSpec spec, List<String> allPods) {
        Map<String, List<String>> podsById = new LinkedHashMap<>();
        for (String pod : allPods) {
            String id = spec.configOf(pod).instanceIdOf(pod);
            if (id != null) {
                podsById.computeIfAbsent(id, any -> new ArrayList<>()).add(pod);
            }
        }
        podsById.forEach((id, pods) -> {
            if (pods.size() > 1) {
                boolean shared = pods.stream().noneMatch(pod -> spec.overrides().containsKey(pod));
                YamlPath path = shared ? PATH.key("config").key(GROUP_INSTANCE_ID)
                        : PATH.key("overrides").key(pods.stream().filter(spec.overrides()::containsKey).findFirst()
                                .orElseThrow()).key(GROUP_INSTANCE_ID);
                nodes.problem(path, "pods " + String.join(", ", pods) + " would all send group.instance.id '" + id
                        + "', and Kafka takes it as it is: one static member per id, each join fencing the one before "
                        + "(FENCED_INSTANCE_ID); give each pod its own, e.g. " + id + "-" + ConsumerConfig.POD_NAME
                        + " (the pod's name, as a pod spec passes metadata.name)");
            }
        });
    }

    private List<String> subscription(ObjectNode consumers, TopicsParser.Catalog catalog) {
        JsonNode node = YamlNodes.optional(consumers, "subscribe");
        if (node == null) {
            return catalog.topics() == null ? null
                    : catalog.topics().stream().map(TopicSpec::name).toList();
        }
        References references = new References(nodes, Set.of(), catalog.partitionsByName());
        return references.topics(node, PATH.key("subscribe"));
    }

    private StartupSpec startup(JsonNode node, YamlPath path) {
        ObjectNode startup = nodes.map(node, path, STARTUP_KEYS);
        Long staggerMs = nodes.numbers().durationMs(startup, path, "stagger", 0, 0);
        DistributionParser distributions = new DistributionParser(nodes);
        Distribution jvmStart = distributions.parse(startup, path, "jvmStart", NO_TIME);
        Distribution clientWarmup = distributions.parse(startup, path, "clientWarmup", NO_TIME);
        Distribution closeWork = distributions.parse(startup, path, "closeWork", NO_TIME);
        Distribution jvmExit = distributions.parse(startup, path, "jvmExit", NO_TIME);
        Distribution firstAssignment = distributions.parse(startup, path, "firstAssignment", NO_TIME);
        Distribution firstSync = distributions.parse(startup, path, "firstSync", NO_TIME);
        Distribution firstActiveTask = distributions.parse(startup, path, "firstActiveTask", NO_TIME);
        Integer nodeCores = nodes.numbers().integer(startup, path, "nodeCores", StartupSpec.NO_CONTENTION, 1,
                MAX_NODE_CORES);
        Integer podsPerNode = nodes.numbers().integer(startup, path, "podsPerNode", StartupSpec.ONE_NODE, 1,
                Limits.MAX_CONSUMERS);
        Double coresPerStart = coresPerStart(startup, path);
        Double coreShareSpread = coreShareSpread(startup, path);
        for (String key : List.of("podsPerNode", "coresPerStart", "coreShareSpread")) {
            if (YamlNodes.optional(startup, key) != null && YamlNodes.optional(startup, "nodeCores") == null) {
                nodes.problem(path.key(key), "is read only while JVMs share a node's cores as they start: add "
                        + "nodeCores: N (the cores of each node), or remove " + key);
                return null;
            }
        }
        return YamlNodes.allPresent(staggerMs, jvmStart, clientWarmup, closeWork, jvmExit, firstAssignment,
                firstSync, firstActiveTask, nodeCores, podsPerNode, coresPerStart, coreShareSpread)
                ? new StartupSpec(staggerMs, jvmStart, clientWarmup, closeWork, jvmExit, firstAssignment, firstSync,
                firstActiveTask, nodeCores, podsPerNode, coresPerStart, coreShareSpread, ReplayedStarts.NONE) : null;
    }

    /** A sigma of 2 already makes one start in twenty get 27 times the median share: beyond it is a typo. */
    private Double coreShareSpread(ObjectNode startup, YamlPath path) {
        JsonNode node = YamlNodes.optional(startup, "coreShareSpread");
        if (node == null) {
            return StartupSpec.EQUAL_SHARES;
        }
        if (!node.isNumber() || !Double.isFinite(node.doubleValue())) {
            return nodes.numbers().number(node, path.key("coreShareSpread"), 0);   // it says what was expected
        }
        double sigma = node.doubleValue();
        if (sigma < 0 || sigma > MAX_CORE_SHARE_SPREAD) {
            nodes.problem(path.key("coreShareSpread"), "must be between 0 (equal shares) and " + MAX_CORE_SHARE_SPREAD
                    + " (the sigma of a lognormal share weight), got " + NodeText.describe(node));
            return null;
        }
        return sigma;
    }

    private Double coresPerStart(ObjectNode startup, YamlPath path) {
        JsonNode node = YamlNodes.optional(startup, "coresPerStart");
        if (node == null) {
            return StartupSpec.ONE_CORE;
        }
        Double cores = nodes.numbers().number(node, path.key("coresPerStart"), 0);
        if (cores != null && cores > MAX_NODE_CORES) {
            nodes.problem(path.key("coresPerStart"), "must be at most " + MAX_NODE_CORES + " (a node's most cores), got "
                    + NodeText.describe(node));
            return null;
        }
        return cores;
    }
}
