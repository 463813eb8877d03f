package org.rebalancesim.explain;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.protocol.GroupProtocol;
import org.rebalancesim.protocol.RebalanceModel;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.Variant;

/**
 * The configured limits that decide a variant's story, per pod, as Kafka applies them under the group's
 * protocol: with the classic protocol the client's session.timeout.ms and heartbeat.interval.ms, with the
 * consumer protocol (KIP-848) the broker's group.consumer.* settings, which replace the client's.
 */
final class Limits {

    private final Variant variant;
    private final GroupProtocol protocol;

    Limits(Variant variant, GroupProtocol protocol) {
        this.variant = variant;
        this.protocol = protocol;
    }

    RebalanceModel model() {
        return protocol.model();
    }

    /** Whether the broker drives rebalances (group epochs, fencing, a leave heartbeat), as under KIP-848. */
    boolean brokerDriven() {
        return protocol.model().brokerDriven();
    }

    long sessionTimeoutMs(String pod) {
        return protocol.sessionTimeoutMs(config(pod), variant.cluster());
    }

    long heartbeatIntervalMs(String pod) {
        return protocol.heartbeatIntervalMs(config(pod), variant.cluster());
    }

    long maxPollIntervalMs(String pod) {
        return config(pod).maxPollIntervalMs();
    }

    long metadataMaxAgeMs(String pod) {
        return config(pod).metadataMaxAgeMs();
    }

    boolean isStatic(String pod) {
        return pod != null && config(pod).isStatic();
    }

    /**
     * Whether the pod's close() sends no LeaveGroup although its member is dynamic: a Kafka Streams instance
     * closed with its default CloseOptions (docs/kafka-semantics.md §19).
     */
    boolean closesWithoutLeaving(String pod) {
        return pod != null && !isStatic(pod) && !variant.consumers().leavesGroupOnClose(pod);
    }

    long initialRebalanceDelayMs() {
        return variant.cluster().groupInitialRebalanceDelayMs();
    }

    /** The Kafka name of the session timeout in force. */
    String sessionName() {
        return protocol.sessionTimeoutName();
    }

    /** "session.timeout.ms 10 s" for this pod. */
    String session(String pod) {
        return sessionName() + " " + TimeText.duration(sessionTimeoutMs(pod));
    }

    /** The Kafka name of the heartbeat interval in force. */
    String heartbeatName() {
        return protocol.heartbeatIntervalName();
    }

    String maxPoll(String pod) {
        return "max.poll.interval.ms " + TimeText.duration(maxPollIntervalMs(pod));
    }

    /** One line naming the limits of the shared configuration and how the members are identified. */
    String describe() {
        List<String> parts = new ArrayList<>();
        String anyPod = null;
        parts.add(session(anyPod));
        parts.add(heartbeatName() + " " + TimeText.duration(heartbeatIntervalMs(anyPod)));
        parts.add(maxPoll(anyPod));
        if (protocol.delaysInitialRebalance()) {
            parts.add("group.initial.rebalance.delay.ms " + TimeText.duration(initialRebalanceDelayMs()));
        }
        parts.add(membership());
        return String.join(", ", parts);
    }

    private String membership() {
        List<String> statics = variant.consumers().all().stream().filter(this::isStatic).toList();
        List<String> dynamics = variant.consumers().all().stream().filter(pod -> !isStatic(pod)).toList();
        if (dynamics.isEmpty()) {
            return "static members (group.instance.id)";
        }
        if (statics.isEmpty()) {
            return "dynamic members";
        }
        return "static members (group.instance.id) except " + String.join(", ", dynamics);
    }

    /** A pod's configuration; null (no pod in particular) means the shared one. */
    private ConsumerConfig config(String pod) {
        return pod == null ? variant.consumers().config() : variant.consumers().configOf(pod);
    }
}
