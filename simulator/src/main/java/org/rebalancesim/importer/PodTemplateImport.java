package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a workload's pod template says about a pod's start and stop: the pod spec's
 * {@code terminationGracePeriodSeconds}, and from its first container (the consumer's: sidecars come after it
 * by convention) the {@code preStop} hook and the {@code readinessProbe}'s timing.
 */
final class PodTemplateImport {

    static final List<String> PROBE_KEYS = List.of("initialDelaySeconds", "periodSeconds", "successThreshold",
            "failureThreshold");
    /** The ways a probe checks; none is modelled, the process being up is taken as passing. */
    private static final List<String> PROBE_HANDLERS = List.of("httpGet", "tcpSocket", "exec", "grpc");
    /** Before Kubernetes' sleep action (1.29) a preStop sleep was a command: sleep 5, or sh -c "sleep 5". */
    private static final Pattern SLEEP_COMMAND = Pattern.compile("(?:/usr)?(?:/bin/)?sleep\\s+([0-9]{1,9})s?");
    private static final Pattern SHELL = Pattern.compile("(?:/usr)?(?:/bin/)?(?:sh|bash|ash|dash)");

    private PodTemplateImport() {
    }

    /** terminationGracePeriodSeconds and the first container's preStop, into {@code workload}. */
    static void read(Field podSpec, ManifestFields fields, ObjectNode workload) {
        WorkloadImport.putWhole(workload, "terminationGracePeriodSeconds",
                fields.whole(podSpec.get("terminationGracePeriodSeconds"), 0));
        Field container = firstContainer(podSpec, fields);
        Integer sleepSeconds = container == null ? null : preStopSleepSeconds(container.get("lifecycle").get("preStop"),
                fields);
        if (sleepSeconds != null) {
            workload.putObject("preStop").putObject("sleep").put("seconds", sleepSeconds);
        }
    }

    /** The first container's readinessProbe timing, into {@code workload}; its check is assumed to pass. */
    static void readinessProbe(Field podSpec, ManifestFields fields, ObjectNode workload) {
        // containers was checked by read(); item(0) of anything else is absent.
        Field probe = podSpec.get("containers").item(0).get("readinessProbe");
        if (fields.map(probe) == null) {
            return;
        }
        ObjectNode read = workload.putObject("readinessProbe");
        for (String key : PROBE_KEYS) {
            WorkloadImport.putWhole(read, key, fields.whole(probe.get(key), 0));
        }
        List<String> handlers = PROBE_HANDLERS.stream().filter(handler -> probe.get(handler).present()).toList();
        List<String> others = new ArrayList<>(PROBE_KEYS);
        others.addAll(PROBE_HANDLERS);
        List<String> leftOut = ManifestFields.others(probe, others);
        fields.warning(probe, (handlers.isEmpty() ? "its check" : "its " + String.join(", ", handlers) + " check")
                + " is not modelled: the probe is assumed to pass once the process is up"
                + (leftOut.isEmpty() ? "" : "; left out: " + String.join(", ", leftOut)));
    }

    private static Field firstContainer(Field podSpec, ManifestFields fields) {
        Field containers = podSpec.get("containers");
        if (fields.list(containers) == null || containers.size() == 0) {
            return null;
        }
        Field first = containers.item(0);
        if (containers.size() > 1) {
            String name = first.get("name").present() ? first.get("name").node().asText() : "(unnamed)";
            fields.warning(containers, "only the first container, " + name + ", is read (its preStop hook and "
                    + "readinessProbe); the other " + (containers.size() - 1) + " left out");
        }
        return first;
    }

    /** lifecycle.preStop: its sleep action's seconds, or a sleep command's; null without a sleep. */
    private static Integer preStopSleepSeconds(Field preStop, ManifestFields fields) {
        if (fields.map(preStop) == null) {
            return null;
        }
        if (preStop.get("sleep").present()) {
            return fields.whole(preStop.get("sleep").get("seconds"), 0);
        }
        Integer seconds = sleepCommandSeconds(preStop.get("exec").get("command").node());
        if (seconds != null) {
            fields.warning(preStop.get("exec"), "read as a sleep of " + seconds + " s, as Kubernetes' sleep action "
                    + "(lifecycle.preStop.sleep.seconds)");
            return seconds;
        }
        fields.warning(preStop, "only a sleep is modelled (the sleep action, or an exec of sleep N); this hook "
                + "is left out");
        return null;
    }

    /** ["sleep", "5"] or ["sh", "-c", "sleep 5"]: the seconds; null for any other command. */
    static Integer sleepCommandSeconds(JsonNode command) {
        if (!(command instanceof ArrayNode list) || list.isEmpty()) {
            return null;
        }
        List<String> words = new ArrayList<>();
        list.forEach(word -> words.add(word.asText().strip()));
        String line;
        if (words.size() == 3 && SHELL.matcher(words.get(0)).matches() && words.get(1).equals("-c")) {
            line = words.get(2);
        } else {
            line = String.join(" ", words);
        }
        Matcher sleep = SLEEP_COMMAND.matcher(line.strip());
        return sleep.matches() ? Integer.valueOf(sleep.group(1)) : null;
    }
}
