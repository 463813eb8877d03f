package org.rebalancesim.calibration;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsLost;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodBlocked;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.protocol.RebalanceModel;
import org.rebalancesim.run.RecorderView;
import org.rebalancesim.scenario.Variant;

/**
 * The simulated run as calibration's worker observes a real consumer: through its rebalance
 * listener's callbacks only. That matters for one thing, an eager member's stop. Kafka stops it when
 * poll() enters {@code ConsumerCoordinator.onJoinPrepare}, which first commits what was consumed
 * (auto-commit's async commit, then {@code ConsumerNetworkClient.poll} until it is answered) and only
 * then calls {@code onPartitionsRevoked}; the worker's {@code joining} is that callback, one
 * OffsetCommit round trip after the stop began (docs/metrics.md, "On real Kafka"). The simulation
 * stops the member where Kafka does, so for the comparison its stop is heard from the same callback:
 * a member that owned partitions is blocked from its revocation (or loss) on. A member that owned
 * nothing commits nothing and is heard as it is. Other protocols and every other event pass unchanged.
 */
final class WorkerView implements GroupEvents {

    private final GroupEvents recorder;
    private final Map<String, Integer> owned = new HashMap<>();
    /** Eager members stopped, for the model, before a callback the worker would see. */
    private final Set<String> unseenStops = new HashSet<>();

    private WorkerView(GroupEvents recorder) {
        this.recorder = recorder;
    }

    /** The view calibrate measures {@code variant}'s simulation through. */
    static RecorderView of(Variant variant) {
        return VariantProtocol.of(variant).model() == RebalanceModel.EAGER ? WorkerView::new : RecorderView.AS_MODELLED;
    }

    /** What calibrate's table says of how the variant's simulation was observed, "" where as modelled. */
    static String describe(Variant variant) {
        return of(variant) == RecorderView.AS_MODELLED ? ""
                : "stop-the-world from each member's first rebalance callback, as the worker sees it (Kafka stops an"
                + " eager member one OffsetCommit round trip earlier, in onJoinPrepare)";
    }

    @Override
    public void publish(GroupEvent event) {
        if (event instanceof PodBlocked blocked) {
            if (blocked.blocked() && owned.getOrDefault(blocked.pod(), 0) > 0) {
                unseenStops.add(blocked.pod());
                return;
            }
            if (!blocked.blocked() && unseenStops.remove(blocked.pod())) {
                return;   // the stop ended before any callback: the worker saw none of it
            }
        } else if (event instanceof PartitionsRevoked revoked) {
            seeStop(revoked.pod());
            owned.merge(revoked.pod(), -revoked.partitions().size(), Integer::sum);
        } else if (event instanceof PartitionsLost lost) {
            seeStop(lost.pod());
            owned.merge(lost.pod(), -lost.partitions().size(), Integer::sum);
        } else if (event instanceof PartitionsAssigned assigned) {
            owned.merge(assigned.pod(), assigned.partitions().size(), Integer::sum);
        } else if (event instanceof PodStateChanged changed && changed.state() == MemberState.DOWN) {
            owned.remove(changed.pod());   // a process that is gone owns nothing; its next one starts afresh
            unseenStops.remove(changed.pod());
        }
        recorder.publish(event);
    }

    private void seeStop(String pod) {
        if (unseenStops.remove(pod)) {
            recorder.publish(new PodBlocked(pod, true));
        }
    }
}
