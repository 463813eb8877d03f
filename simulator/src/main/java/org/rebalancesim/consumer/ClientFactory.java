package org.rebalancesim.consumer;

import java.util.List;
import org.rebalancesim.cluster.Link;

/**
 * Makes one process of a pod's consumer for the group protocol it speaks. Each protocol's client lives in
 * this package beside the poll loop, heartbeat and connection it drives, and offers its factory as a
 * constant ({@link ClassicMember#CLIENT}, {@link ConsumerProtocolMember#CLIENT}); the pod only calls it.
 */
@FunctionalInterface
public interface ClientFactory {

    /**
     * @param incarnation how many processes the pod has started, this one included (a KIP-848 client makes a
     *                    member id per process)
     * @param onExit      run when the process ends (close() finished, a crash, a fatal error)
     */
    ConsumerProcess create(PodContext ctx, String pod, Link link, List<String> subscription,
                           PollLoop.SlowRecords slowRecords, int incarnation, Runnable onExit);
}
