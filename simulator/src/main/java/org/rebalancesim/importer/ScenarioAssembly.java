package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts what the inputs hold into a scenario that loads as it is: every key the format requires is there, and
 * what no input says (the topics' partitions and rate, a Streams topology, sometimes the group or the pod count)
 * is a placeholder marked TODO in the file and told in a warning.
 */
final class ScenarioAssembly {

    /** Long enough for a rollout or a few autoscaler cooldowns; the user sets what they want to look at. */
    static final String DURATION = "30m";
    static final String PLACEHOLDER_TOPIC = "orders";
    static final int PLACEHOLDER_PARTITIONS = 12;
    static final String PLACEHOLDER_GROUP = "my-group";

    private static final TreePath CONSUMERS = TreePath.of("consumers");

    private final ImportInputs.Inputs inputs;
    private final ImportLog log;
    private final ObjectNode root = JsonNodeFactory.instance.objectNode();
    private final YamlComments comments = new YamlComments();
    private final Map<TreePath, ImportedScenario.Origin> origins = new LinkedHashMap<>();

    private ScenarioAssembly(ImportInputs.Inputs inputs, ImportLog log) {
        this.inputs = inputs;
        this.log = log;
    }

    static ImportedScenario assemble(ImportInputs.Inputs inputs, ImportLog log) {
        ScenarioAssembly assembly = new ScenarioAssembly(inputs, log);
        assembly.header();
        assembly.root.put("duration", DURATION);
        assembly.comments.trailing(TreePath.of("duration"), "simulated time: set what you want to look at");
        assembly.group();
        List<String> topics = assembly.topics();
        assembly.consumers(topics);
        assembly.timelineHint();
        CrossChecks.run(inputs, assembly.root.path("group").path("id").asText(), log);
        return new ImportedScenario(assembly.root, assembly.comments, assembly.origins);
    }

    private void header() {
        comments.header("A scenario imported by rebalance-sim import from:");
        for (String file : inputs.files()) {
            List<String> read = inputs.read().getOrDefault(file, List.of());
            comments.header("  " + file + (read.isEmpty() ? "" : ": " + String.join(", ", read)));
        }
        comments.header("What no input says is a placeholder marked TODO: check each one.");
    }

    private void group() {
        PropertiesImport.Imported properties = inputs.properties();
        TreePath path = TreePath.of("group", "id");
        String id;
        if (properties != null && properties.groupId() != null) {
            id = properties.groupId();
            origin(path, properties.file(), properties.groupIdKey());
            comments.trailing(path, properties.groupIdKey() + " of " + properties.file());
        } else if (firstTriggerWithGroup() != null) {
            Autoscaler.KafkaTrigger trigger = firstTriggerWithGroup();
            id = trigger.consumerGroup();
            origin(path, inputs.autoscaler().manifest().label(), trigger.path() + ".consumerGroup");
            comments.trailing(path, "consumerGroup of the kafka trigger of " + inputs.autoscaler().manifest().title());
        } else {
            id = inputs.workload() != null ? inputs.workload().name() : PLACEHOLDER_GROUP;
            comments.trailing(path, "TODO: the consumers' group.id (no input names it)");
            log.warning("no input names the group (group.id, application.id or a kafka trigger's consumerGroup): "
                    + "group.id is a placeholder, " + id);
        }
        root.putObject("group").put("id", id);
    }

    /** The topics of the kafka triggers, else one placeholder; their partitions are always a guess. */
    private List<String> topics() {
        List<String> names = new ArrayList<>();
        ArrayNode topics = root.putArray("topics");
        List<Autoscaler.KafkaTrigger> triggers = inputs.autoscaler() == null ? List.of()
                : inputs.autoscaler().kafkaTriggers();
        for (Autoscaler.KafkaTrigger trigger : triggers) {
            if (trigger.topic() != null && !names.contains(trigger.topic())) {
                TreePath name = TreePath.of("topics").index(names.size()).key("name");
                origin(name, inputs.autoscaler().manifest().label(), trigger.path() + ".topic");
                comments.trailing(name, "topic of the kafka trigger of " + inputs.autoscaler().manifest().title());
                names.add(trigger.topic());
            }
        }
        if (names.isEmpty()) {
            names.add(PLACEHOLDER_TOPIC);
            comments.trailing(TreePath.of("topics").index(0).key("name"), "TODO: your topic (no kafka trigger names it)");
        }
        for (int i = 0; i < names.size(); i++) {
            topics.addObject().put("name", names.get(i)).put("partitions", PLACEHOLDER_PARTITIONS);
            TreePath topic = TreePath.of("topics").index(i);
            comments.trailing(topic.key("partitions"), "TODO: its partition count (kafka-topics.sh --describe)");
            comments.closing(topic, "rate: 100/s  # TODO: records produced per second; without a rate nothing is "
                    + "produced");
        }
        log.warning("no input says how many partitions a topic has or how fast it is produced to: the scenario gives "
                + String.join(", ", names) + " " + PLACEHOLDER_PARTITIONS + " partitions and no rate (TODO)");
        return names;
    }

    private void consumers(List<String> topics) {
        ObjectNode consumers = root.putObject("consumers");
        count(consumers);
        PropertiesImport.Imported properties = inputs.properties();
        if (properties != null && properties.streams()) {
            consumers.put("app", "streams");
            comments.trailing(CONSUMERS.key("app"), "the properties are a Kafka Streams application's");
        }
        if (properties != null && !properties.config().isEmpty()) {
            consumers.set("config", properties.config());
            comments.trailing(CONSUMERS.key("config"), "from " + properties.file());
            properties.keys().forEach((key, fileKey) -> {
                origin(CONSUMERS.key("config").key(key), properties.file(), fileKey);
                if (!fileKey.equals(key)) {
                    comments.trailing(CONSUMERS.key("config").key(key), fileKey);
                }
            });
        }
        if (properties != null && properties.streams()) {
            StreamsTopologyPlaceholder.add(consumers, topics, inputs.workload(), comments, log, properties.file());
        }
        if (inputs.workload() != null) {
            consumers.set("workload", inputs.workload().workload());
            comments.trailing(CONSUMERS.key("workload"), inputs.workload().manifest().title() + " in "
                    + inputs.workload().manifest().label());
        } else if (inputs.autoscaler() != null) {
            targetAsWorkload(consumers, inputs.autoscaler());
        }
        if (inputs.autoscaler() != null) {
            Autoscaler autoscaler = inputs.autoscaler();
            consumers.putObject("autoscaler").set(autoscaler.key(), autoscaler.spec());
            comments.trailing(CONSUMERS.key("autoscaler"), autoscaler.manifest().title() + " in "
                    + autoscaler.manifest().label());
        }
    }

    /**
     * An autoscaler scales a workload: without its manifest among the inputs, the workload its scaleTargetRef
     * names (KEDA's default kind is Deployment), with Kubernetes' defaults for the rest.
     */
    private void targetAsWorkload(ObjectNode consumers, Autoscaler autoscaler) {
        Field target = autoscaler.target();
        String kind = autoscaler.targetKind();
        String name = autoscaler.targetName();
        if (!WorkloadImport.KINDS.contains(kind) || name.isEmpty()) {
            return;
        }
        consumers.putObject("workload").put("kind", kind).put("name", name);
        comments.trailing(CONSUMERS.key("workload"), "scaleTargetRef of " + autoscaler.manifest().title()
                + ": its manifest is not among the inputs, so Kubernetes' defaults");
        log.warning(autoscaler.manifest().label(), target.path(), "the " + kind + " " + name + " is not among the "
                + "inputs: consumers.workload is its name and kind, with Kubernetes' defaults for the rest");
    }

    private void count(ObjectNode consumers) {
        TreePath path = CONSUMERS.key("count");
        WorkloadImport.Workload workload = inputs.workload();
        if (workload == null) {
            consumers.put("count", WorkloadImport.DEFAULT_REPLICAS);
            comments.trailing(path, "TODO: the number of pods (no Deployment or StatefulSet among the inputs)");
            log.warning("no Deployment or StatefulSet among the inputs: consumers.count is a placeholder, "
                    + WorkloadImport.DEFAULT_REPLICAS);
        } else if (workload.replicas() == null) {
            consumers.put("count", WorkloadImport.DEFAULT_REPLICAS);
            comments.trailing(path, workload.manifest().title() + " sets no spec.replicas: Kubernetes' default"
                    + (inputs.autoscaler() == null ? "" : " (the autoscaler then sets it)"));
        } else {
            consumers.put("count", workload.replicas());
            origin(path, workload.manifest().label(), "spec.replicas");
            comments.trailing(path, "spec.replicas of " + workload.manifest().title());
        }
    }

    private void timelineHint() {
        comments.closing(TreePath.ROOT, "");
        comments.closing(TreePath.ROOT, "Then say what happens (docs/scenario-format.md, \"Timeline operations\"), e.g.:");
        comments.closing(TreePath.ROOT, "timeline:");
        comments.closing(TreePath.ROOT, "  - at: 5m");
        comments.closing(TreePath.ROOT, inputs.workload() == null ? "    rollingRestart: {interval: 30s}"
                : "    rollout: {workload: " + inputs.workload().name() + "}");
    }

    /** The first kafka trigger that names a consumer group; null without one. */
    private Autoscaler.KafkaTrigger firstTriggerWithGroup() {
        if (inputs.autoscaler() == null) {
            return null;
        }
        return inputs.autoscaler().kafkaTriggers().stream().filter(t -> t.consumerGroup() != null).findFirst()
                .orElse(null);
    }

    private void origin(TreePath path, String file, String where) {
        origins.put(path, new ImportedScenario.Origin(file, where));
    }
}
