package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.ConsumerSelector;
import org.rebalancesim.scenario.Durations;
import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.TimelineEvent;

/**
 * Timeline operations and recurring faults as one line each, in the scenario file's own words
 * ({@code at 2m: crash {consumer: c2, restartAfter: 30s}}), so a reader can find them in the YAML.
 */
final class OperationText {

    private OperationText() {
    }

    static String event(TimelineEvent event) {
        return "at " + Durations.format(event.atMs()) + ": " + operation(event.operation());
    }

    static String operation(Operation operation) {
        if (operation instanceof Operation.Start start) {
            return "start {consumers: [" + String.join(", ", start.consumers()) + "]}";
        } else if (operation instanceof Operation.Stop stop) {
            return "stop " + fields(pods(stop.consumers()));
        } else if (operation instanceof Operation.Crash crash) {
            return "crash " + fields(pods(crash.consumers()),
                    crash.restartAfterMs() < 0 ? null : "restartAfter: " + Durations.format(crash.restartAfterMs()));
        } else if (operation instanceof Operation.Restart restart) {
            return "restart " + fields(pods(restart.consumers()), length("downtime", restart.downtimeMs()));
        } else if (operation instanceof Operation.RollingRestart rolling) {
            return "rollingRestart " + fields(pods(rolling.consumers()), length("interval", rolling.intervalMs()),
                    length("downtime", rolling.downtimeMs()));
        } else if (operation instanceof Operation.GcPause pause) {
            return "gcPause " + fields(pods(pause.consumers()), "duration: " + Durations.format(pause.durationMs()));
        } else if (operation instanceof Operation.SlowRecord slow) {
            String target = slow.partition() == null ? pods(slow.consumers()) : "partition: " + slow.partition();
            return "slowRecord " + fields(target, "duration: " + Durations.format(slow.durationMs()));
        } else if (operation instanceof Operation.NetworkPartition partition) {
            return "networkPartition " + fields(pods(partition.consumers()),
                    "duration: " + Durations.format(partition.durationMs()));
        } else if (operation instanceof Operation.BrokerFailure failure) {
            return "brokerFailure " + fields(broker(failure.broker()), length("downtime", failure.downtimeMs()));
        } else if (operation instanceof Operation.AddPartitions add) {
            return "addPartitions " + fields("topic: " + add.topic(), "count: " + add.count());
        } else if (operation instanceof Operation.Subscribe subscribe) {
            return "subscribe " + fields(pods(subscribe.consumers()),
                    "topics: [" + String.join(", ", subscribe.topics()) + "]");
        }
        throw new IllegalArgumentException("no text for " + operation);
    }

    static String fault(FaultSpec fault) {
        String target = fault.kind().equals("brokerFailure") ? broker(fault.broker()) : pods(fault.consumers());
        String lengthKey = switch (fault.kind()) {
            case "crash" -> "restartAfter";
            case "brokerFailure" -> "downtime";
            default -> "duration";
        };
        return fault.kind() + " " + fields(target, "every: " + fault.every().describe(),
                fault.duration() == null ? null : lengthKey + ": " + fault.duration().describe());
    }

    private static String pods(ConsumerSelector selector) {
        if (selector.all()) {
            return "consumer: all";
        }
        List<String> names = selector.names();
        return "consumer: " + (names.size() == 1 ? names.get(0) : "[" + String.join(", ", names) + "]");
    }

    private static String length(String key, long ms) {
        return key + ": " + Durations.format(ms);
    }

    private static String broker(int broker) {
        return "broker: " + (broker < 0 ? "coordinator" : Integer.toString(broker));
    }

    /** {@code {a, b}} of the fields that are present (null ones are left out). */
    private static String fields(String... fields) {
        List<String> present = new ArrayList<>();
        for (String field : fields) {
            if (field != null) {
                present.add(field);
            }
        }
        return "{" + String.join(", ", present) + "}";
    }
}
