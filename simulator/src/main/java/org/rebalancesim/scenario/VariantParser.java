package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.RunKind;

/**
 * Validates one fully merged variant tree and builds its {@link Variant}. Sections that depend on
 * others (the timeline on the pods and topics, the consumer config on the broker bounds) are given
 * null for an invalid dependency and then skip the checks that would only repeat its problem.
 */
final class VariantParser {

    /** The top-level keys a variant may override. */
    static final List<String> KEYS = List.of("duration", "measure", "cluster", "group", "topics", "consumers",
            "timeline", "faults");

    private final YamlNodes nodes;

    VariantParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The variant, or null if this pass recorded any problem. */
    Variant parse(String name, ObjectNode root, List<Expectation> expectations, List<Problem> warnings) {
        Long durationMs = nodes.numbers().requiredDurationMs(root, YamlPath.ROOT, "duration", 1,
                "the simulated time of the run, e.g. duration: 30m");
        MeasureWindow measure = measure(root, durationMs);
        ClusterSpec cluster = new ClusterParser(nodes).parse(YamlNodes.optional(root, "cluster"));
        String groupId = groupId(root);
        TopicsParser.Catalog catalog = new TopicsParser(nodes).parse(root, durationMs);
        ConsumersParser consumersParser = new ConsumersParser(nodes);
        List<String> initialPods = consumersParser.initialPods(root);
        ConsumersSpec consumers = consumersParser.parse(root, initialPods, initialPods, cluster, catalog);
        TimelineParser.Result timeline = new TimelineParser(nodes)
                .parse(root, initialPods, durationMs, cluster, catalog);
        References references = new References(nodes,
                timeline.allPods() == null ? null : new LinkedHashSet<>(timeline.allPods()),
                catalog.partitionsByName());
        List<FaultSpec> faults = new FaultParser(nodes, references, cluster).parse(root);
        if (consumers != null && timeline.allPods() != null) {
            consumersParser.checkOverrideNames(consumers, timeline.allPods());
            consumersParser.checkDistinctInstanceIds(consumers, timeline.allPods());
        }
        if (consumers != null) {
            checkRulesApply(name, expectations, consumers.runKind());
        }
        if (consumers != null && consumers.isStreams() && timeline.events() != null) {
            checkStreamsTimeline(timeline.events(), consumers.streams());
        }
        if (consumers != null && timeline.events() != null) {
            checkRollouts(timeline.events(), consumers.workload());
        }
        List<TimelineEvent> events = consumers != null && timeline.events() != null && timeline.allPods() != null
                ? new RestartConfigs(nodes, consumersParser).resolve(root, timeline.events(), consumers,
                        timeline.allPods(), cluster)
                : null;
        if (events != null) {
            new TimelineRegexCheck(nodes).check(events, consumers, timeline.allPods());
        }
        if (!nodes.problems().isEmpty() || !YamlNodes.allPresent(durationMs, measure, cluster, groupId,
                catalog.topics(), consumers, events, timeline.allPods(), faults)) {
            return null;
        }
        ConsumersSpec withAllPods = consumers.withAllPods(timeline.allPods());
        return new Variant(name, durationMs, measure, cluster, groupId, catalog.topics(), withAllPods,
                events, faults, expectations, warnings);
    }

    /** A rollout, a drain or a spot interruption needs a workload, and a rollout names it right when it names one. */
    private void checkRollouts(List<TimelineEvent> events, WorkloadSpec workload) {
        for (int i = 0; i < events.size(); i++) {
            Operation operation = events.get(i).operation();
            String name = Operations.of(operation).name();
            YamlPath path = YamlPath.ROOT.key("timeline").index(i).key(name);
            if (Operations.needsWorkload(operation) && workload == null) {
                nodes.problem(path, "acts on a Kubernetes workload's pods, and the pods have none: add "
                        + "consumers.workload (kind: Deployment or StatefulSet)"
                        + (operation instanceof Operation.Rollout ? ", or use rollingRestart for bare processes" : ""));
                continue;
            }
            if (operation instanceof Operation.Rollout rollout && rollout.workload() != null
                    && !rollout.workload().equals(workload.name())) {
                nodes.problem(path.key("workload"), "names no workload of the scenario: consumers.workload.name is '"
                        + workload.name() + "', got '" + rollout.workload() + "'");
            }
        }
    }

    /**
     * What a Kafka Streams application's timeline cannot do in the model: change a pod's subscription (the
     * topology decides it), grow or delete a source topic (its tasks are fixed when the run starts).
     */
    private void checkStreamsTimeline(List<TimelineEvent> events, StreamsApp streams) {
        for (int i = 0; i < events.size(); i++) {
            Operation operation = events.get(i).operation();
            YamlPath path = YamlPath.ROOT.key("timeline").index(i);
            if (operation instanceof Operation.Subscribe) {
                nodes.problem(path.key("subscribe"), "a Kafka Streams instance subscribes to its topology's source "
                        + "topics; changing it is changing the topology, which the model does not do: remove it");
            } else if (operation instanceof Operation.AddPartitions grow
                    && streams.topology().sourceTopics().contains(grow.topic())) {
                nodes.problem(path.key("addPartitions"), "partitions added to '" + grow.topic() + "', a source topic "
                        + "of the Kafka Streams topology, are not modelled (its tasks are fixed at the start, and "
                        + "Streams' co-partitioning and state assume a source topic keeps its partitions): remove it");
            } else if (operation instanceof Operation.DeleteTopic delete
                    && streams.topology().sourceTopics().contains(delete.topic())) {
                nodes.problem(path.key("deleteTopic"), "deleting '" + delete.topic() + "', a source topic of the "
                        + "Kafka Streams topology, is not modelled (Kafka Streams raises a "
                        + "MissingSourceTopicException, which by default shuts the client down): remove it");
            }
        }
    }

    /** An expect: rule on a metric this variant does not report (a Kafka Streams metric of plain consumers). */
    private void checkRulesApply(String variant, List<Expectation> expectations, RunKind run) {
        for (Expectation rule : expectations) {
            Metric metric = Metric.of(rule.metric());
            if (!metric.appliesTo(run)) {
                String[] only = metric.reportedOnlyFor();
                nodes.problem(YamlPath.ROOT.key("expect").key(variant).key(rule.metric()), rule.metric()
                        + " is reported for " + only[0] + ", and this variant " + only[1] + "; remove the rule");
            }
        }
    }

    private MeasureWindow measure(ObjectNode root, Long durationMs) {
        YamlPath path = YamlPath.ROOT.key("measure");
        ObjectNode measure = nodes.map(YamlNodes.optional(root, "measure"), path, List.of("from", "to"));
        if (durationMs == null) {
            return null;
        }
        Long fromMs = nodes.numbers().durationMs(measure, path, "from", 0, 0);
        Long toMs = nodes.numbers().durationMs(measure, path, "to", durationMs, 1);
        if (!YamlNodes.allPresent(fromMs, toMs)) {
            return null;
        }
        if (toMs > durationMs) {
            nodes.problem(path.key("to"), "measure.to (" + Durations.format(toMs) + ") is after the end of the run "
                    + "(duration: " + Durations.format(durationMs) + "); shorten it or lengthen duration");
            return null;
        }
        if (fromMs >= toMs) {
            nodes.problem(path.key("from"), "measure.from (" + Durations.format(fromMs) + ") must be before "
                    + "measure.to (" + Durations.format(toMs) + "), else nothing is measured");
            return null;
        }
        return new MeasureWindow(fromMs, toMs);
    }

    private String groupId(ObjectNode root) {
        YamlPath path = YamlPath.ROOT.key("group");
        JsonNode node = nodes.required(root, YamlPath.ROOT, "group", "the consumer group, e.g. group: {id: my-app}");
        ObjectNode group = nodes.map(node, path, List.of("id"));
        JsonNode id = nodes.required(group, path, "id", "the group.id of the consumers, e.g. id: my-app");
        return id == null ? null : nodes.name(id, path.key("id"), "a group id");
    }
}
