package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a topic's {@code rate:} when it changes over the run: {@code {steps: [{at: 0s, rate: 100/s}, ...]}} or
 * {@code {daily: {min, max, peakAt, startsAt, period, step}}} (docs/scenario-format.md, "topics").
 */
final class RateScheduleParser {

    static final List<String> KEYS = List.of("steps", "daily");
    static final List<String> STEP_KEYS = List.of("at", "rate");
    static final List<String> DAILY_KEYS = List.of("min", "max", "peakAt", "startsAt", "period", "step");
    private static final long DAY_MS = 86_400_000L;
    private static final long MINUTE_MS = 60_000L;

    private final YamlNodes nodes;

    RateScheduleParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The schedule; null (with the problems recorded) if invalid. {@code durationMs} null when unknown. */
    RateSchedule parse(ObjectNode node, YamlPath path, Long durationMs) {
        ObjectNode rate = nodes.map(node, path, KEYS);
        if (rate == null) {
            return null;
        }
        boolean steps = rate.has("steps");
        if (steps == rate.has("daily")) {
            if (steps || rate.isEmpty()) {
                nodes.problem(path, "needs exactly one of steps: [{at: 0s, rate: 100/s}, {at: 10m, rate: 800/s}] or "
                        + "daily: {min: 50/s, max: 400/s, peakAt: 14h}");
            }
            return null; // else the unknown key is reported with the closest known one
        }
        String text = NodeText.describe(node);
        return steps ? steps(rate.get("steps"), path.key("steps"), durationMs, text)
                : daily(rate.get("daily"), path.key("daily"), durationMs, text);
    }

    private RateSchedule steps(JsonNode node, YamlPath path, Long durationMs, String text) {
        ArrayNode list = nodes.list(node, path, "[{at: 0s, rate: 100/s}, {at: 10m, rate: 800/s}]");
        if (list == null) {
            return null;
        }
        if (list.isEmpty() || list.size() > Limits.MAX_EVENTS) {
            nodes.problem(path, "must list between 1 and " + Limits.MAX_EVENTS + " steps, got " + list.size());
            return null;
        }
        List<RateSchedule.Step> steps = new ArrayList<>();
        long previousMs = -1;
        boolean valid = true;
        for (int i = 0; i < list.size(); i++) {
            YamlPath stepPath = path.index(i);
            ObjectNode step = nodes.map(list.get(i), stepPath, STEP_KEYS);
            Long atMs = step == null ? null : nodes.numbers().requiredDurationMs(step, stepPath, "at", 0,
                    "when this rate begins, e.g. at: 10m");
            JsonNode rateNode = step == null ? null
                    : nodes.required(step, stepPath, "rate", "the rate from then on, e.g. rate: 800/s");
            Double perSecond = rateNode == null ? null : nodes.numbers().ratePerSecond(rateNode, stepPath.key("rate"));
            if (list.get(i) != null && !list.get(i).isObject()) {
                nodes.problem(stepPath, "expected a step like {at: 10m, rate: 800/s}, got " + NodeText.kind(list.get(i)));
            }
            if (atMs == null || perSecond == null) {
                valid = false;
                continue;
            }
            if (atMs <= previousMs) {
                nodes.problem(stepPath.key("at"), "must be later than the step before it (" + Durations.format(previousMs)
                        + "): steps are listed in time order");
                valid = false;
            }
            if (durationMs != null && atMs >= durationMs) {
                nodes.problem(stepPath.key("at"), "is at or after the end of the run (duration: "
                        + Durations.format(durationMs) + "), so the rate would never be in force");
                valid = false;
            }
            previousMs = Math.max(previousMs, atMs);
            steps.add(new RateSchedule.Step(atMs, perSecond));
        }
        return valid ? new RateSchedule(steps, text) : null;
    }

    private RateSchedule daily(JsonNode node, YamlPath path, Long durationMs, String text) {
        ObjectNode daily = nodes.map(node, path, DAILY_KEYS);
        if (daily == null) {
            nodes.problem(path, "expected a map like {min: 50/s, max: 400/s, peakAt: 14h}");
            return null;
        }
        JsonNode minNode = nodes.required(daily, path, "min", "the lowest rate of the day, e.g. min: 50/s");
        JsonNode maxNode = nodes.required(daily, path, "max", "the highest rate of the day, e.g. max: 400/s");
        Double min = minNode == null ? null : nodes.numbers().ratePerSecond(minNode, path.key("min"));
        Double max = maxNode == null ? null : nodes.numbers().ratePerSecond(maxNode, path.key("max"));
        Long periodMs = nodes.numbers().durationMs(daily, path, "period", DAY_MS, 1);
        Long peakMs = nodes.numbers().durationMs(daily, path, "peakAt", 0, 0);
        Long startMs = nodes.numbers().durationMs(daily, path, "startsAt", 0, 0);
        Long stepMs = nodes.numbers().durationMs(daily, path, "step", MINUTE_MS, 1_000);
        if (!YamlNodes.allPresent(min, max, periodMs, peakMs, startMs, stepMs)) {
            return null;
        }
        if (max < min) {
            nodes.problem(path.key("max"), "must be at least min (" + RateScheduleParser.rate(min) + "), got "
                    + RateScheduleParser.rate(max));
            return null;
        }
        if (durationMs != null && durationMs / stepMs > Limits.MAX_EVENTS) {
            nodes.problem(path.key("step"), "makes more than " + Limits.MAX_EVENTS + " steps over the run; use a longer step");
            return null;
        }
        return durationMs == null ? null : RateSchedule.curve(min, max, periodMs, peakMs, startMs, stepMs, durationMs, text);
    }

    private static String rate(double perSecond) {
        return perSecond == Math.rint(perSecond) ? (long) perSecond + "/s" : perSecond + "/s";
    }
}
