package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.Variant;

/**
 * Before anything runs: every variant's partition.assignment.strategy can start a Kafka consumer,
 * that is its classes load from --classpath, are assignors, and share a rebalance protocol; and a Kafka
 * Streams application's task.assignor.class loads and is a KIP-924 TaskAssignor (Kafka finds out only at the
 * leader's first assignment). The loader cannot check this (it depends on the jars), so the CLI does, with
 * the loader's message form.
 */
final class AssignorCheck {

    static final String PATH = "consumers.config.partition.assignment.strategy";

    private AssignorCheck() {
    }

    /** True when every strategy is usable; otherwise every problem is printed to {@code err}. */
    static boolean allUsable(List<Scenario> scenarios, Assignors assignors, PrintWriter err) {
        boolean usable = true;
        for (Scenario scenario : scenarios) {
            // One line per problem, naming the variants that share it: most files set the strategy once.
            Map<String, List<String>> variantsByProblem = new LinkedHashMap<>();
            for (Variant variant : scenario.variants()) {
                List<ConsumerConfig> configs = new ArrayList<>(variant.consumers().overrides().values());
                configs.add(0, variant.consumers().config());
                configs.stream().map(config -> assignors.problemWith(config.partitionAssignmentStrategy()))
                        .flatMap(java.util.Optional::stream).distinct()
                        .forEach(problem -> variantsByProblem.computeIfAbsent(problem, p -> new ArrayList<>())
                                .add(variant.name()));
            }
            print(scenario, PATH, variantsByProblem, err);
            usable &= variantsByProblem.isEmpty();
            Map<String, List<String>> taskAssignorProblems = new LinkedHashMap<>();
            for (Variant variant : scenario.variants()) {
                StreamsApp streams = variant.consumers().streams();
                if (streams != null && streams.taskAssignorClass() != null) {
                    assignors.problemWithTaskAssignor(streams.taskAssignorClass()).ifPresent(problem ->
                            taskAssignorProblems.computeIfAbsent(problem, p -> new ArrayList<>()).add(variant.name()));
                }
            }
            print(scenario, StreamsApp.TASK_ASSIGNOR_CLASS_PATH, taskAssignorProblems, err);
            usable &= taskAssignorProblems.isEmpty();
        }
        err.flush();
        return usable;
    }

    private static void print(Scenario scenario, String path, Map<String, List<String>> variantsByProblem,
                              PrintWriter err) {
        variantsByProblem.forEach((problem, variants) -> err.println(scenario.sourceFile() + ": " + path + ": "
                + problem + " (variant" + (variants.size() == 1 ? " " : "s ") + String.join(", ", variants) + ")"));
    }
}
