package org.rebalancesim.explain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.protocol.GroupProtocol;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * Tells a run's story in plain words: each rebalance with the chain of causes that led to it, checked
 * against the variant's configured limits, the faults that caused nothing and why, and the totals.
 * Works from the result and the variant only; it never runs or reaches into the simulation.
 */
public final class Explainer {

    private Explainer() {
    }

    /** As {@link #explain(RunResult, Scenario, Assignors)} for a run with Kafka's built-in assignors only. */
    public static List<VariantExplanation> explain(RunResult run, Scenario scenario) {
        try (Assignors assignors = Assignors.builtIn()) {
            return explain(run, scenario, assignors);
        }
    }

    /**
     * One explanation per variant of {@code run}, in the run's order.
     *
     * @param assignors the run's assignors: with them each variant's protocol is the one its run had
     */
    public static List<VariantExplanation> explain(RunResult run, Scenario scenario, Assignors assignors) {
        List<VariantExplanation> explanations = new ArrayList<>();
        for (VariantResult result : run.variants()) {
            Variant variant = scenario.variant(result.name()).orElseThrow(() -> new IllegalArgumentException("the result has variant " + result.name()
                            + ", which " + scenario.sourceFile() + " does not"));
            explanations.add(explain(result, variant, assignors));
        }
        return explanations;
    }

    /** One variant's run, told under the protocol {@code assignors} give its configuration. */
    public static VariantExplanation explain(VariantResult result, Variant variant, Assignors assignors) {
        return explain(result, variant, GroupProtocols.of(variant.consumers().config(), assignors));
    }

    public static VariantExplanation explain(VariantResult result, Variant variant, GroupProtocol protocol) {
        Limits limits = new Limits(variant, protocol);
        RunFacts facts = new RunFacts(result.series(), variant.durationMs());
        List<Round> rounds = Round.of(facts, limits.brokerDriven());
        WhatWouldHaveHelped helped = new WhatWouldHaveHelped(facts, limits);
        List<StoryLine> lines = new ArrayList<>(new RoundLines(facts, limits, helped, variant, podOrder(variant))
                .lines(rounds));
        lines.addAll(new QuietEvents(facts, limits, helped, rounds).lines());
        // A stable sort: lines of the same instant keep the order they were told in.
        lines.sort(Comparator.comparingLong(StoryLine::atMs));
        return new VariantExplanation(result.name(), result.protocol(), limits.describe(), lines,
                Summary.of(result, variant), helped.items());
    }

    /** Pods in the scenario's order (c1, c2, ..., c10), unknown names after them. */
    private static Comparator<String> podOrder(Variant variant) {
        // A lookup table, not List.indexOf: the story sorts every ownership change by pod, and a search of a
        // 10,000-pod list per comparison made explaining such a group take minutes.
        Map<String, Integer> position = new HashMap<>();
        List<String> pods = variant.consumers().all();
        for (int i = pods.size() - 1; i >= 0; i--) {
            position.put(pods.get(i), i);
        }
        return Comparator.<String>comparingInt(pod -> position.getOrDefault(pod, pods.size()))
                .thenComparing(Comparator.naturalOrder());
    }
}
