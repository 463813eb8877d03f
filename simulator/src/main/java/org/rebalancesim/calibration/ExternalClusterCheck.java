package org.rebalancesim.calibration;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;

/**
 * What a run on a shared cluster ({@code --bootstrap-server}) does besides the run itself: report the
 * broker settings that differ from the scenario's (they cannot be changed from here), and delete the
 * run's group and topics at the end.
 */
final class ExternalClusterCheck {

    private static final long TIMEOUT_S = 30;

    private ExternalClusterCheck() {
    }

    /** Adds a note for each scenario broker setting the cluster has a different value for. */
    static void compare(Admin admin, Map<String, String> wanted, List<String> notes) throws InterruptedException {
        try {
            Collection<Node> nodes = admin.describeCluster().nodes().get(TIMEOUT_S, TimeUnit.SECONDS);
            if (nodes.isEmpty()) {
                return;
            }
            ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, nodes.iterator().next().idString());
            Config config = admin.describeConfigs(List.of(broker)).all().get(TIMEOUT_S, TimeUnit.SECONDS).get(broker);
            for (Map.Entry<String, String> entry : wanted.entrySet()) {
                ConfigEntry actual = config.get(entry.getKey());
                String value = actual == null ? null : actual.value();
                if (value != null && !value.equals(entry.getValue())) {
                    notes.add("the cluster has " + entry.getKey() + "=" + value + ", the scenario (scaled) "
                            + entry.getValue() + ": measured times follow the cluster's value");
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            notes.add("could not read the cluster's broker settings to compare them with the scenario's: "
                    + e.getMessage());
        }
    }

    /** Removes the run's static members (they do not leave on close), then deletes its group and topics. */
    static void cleanUp(Admin admin, String groupId, List<String> topics, List<String> notes)
            throws InterruptedException {
        try {
            admin.removeMembersFromConsumerGroup(groupId, new RemoveMembersFromConsumerGroupOptions())
                    .all().get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // no static member left, or the group is already gone
        }
        try {
            admin.deleteConsumerGroups(List.of(groupId)).all().get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            notes.add("could not delete the run's group " + groupId + ": " + e.getMessage());
        }
        try {
            admin.deleteTopics(topics).all().get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            notes.add("could not delete the run's topics " + topics + ": " + e.getMessage());
        }
    }
}
