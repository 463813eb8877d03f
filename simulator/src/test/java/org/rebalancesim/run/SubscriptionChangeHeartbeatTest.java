package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;

/**
 * A consumer-protocol member that changes its subscription while in the group sends it in its next regular
 * heartbeat, not at once: AbstractMembershipManager.onSubscriptionUpdated only sets a flag, and onConsumerPoll acts
 * on it only for a member that is not in the group (UNSUBSCRIBED → JOINING), 4.4.0 bytecode (docs/kafka-semantics.md
 * §28). With the broker's heartbeat interval at its 15 s maximum, the members, in the group from about 0 s, heartbeat
 * about every 15 s; c1's subscription grows at 50 s, and the group epoch goes up at its next heartbeat, near 60 s:
 * after 50 s by more than a network round trip, within one interval.
 */
class SubscriptionChangeHeartbeatTest {

    static final long SUBSCRIBE_MS = 50_000;
    static final long HEARTBEAT_MS = 15_000;
    static final long SLACK_MS = 100;

    @Test
    void theNewSubscriptionWaitsForTheNextHeartbeat() {
        Series.RebalanceSpan span = firstSpanFrom(run("""
                duration: 90s
                cluster: {config: {group.consumer.heartbeat.interval.ms: 15000}}
                group: {id: resubscribed}
                topics:
                  - {name: payments, partitions: 6, rate: 30/s}
                  - {name: refunds, partitions: 2, rate: 5/s}
                consumers:
                  count: 2
                  subscribe: [payments]
                  config: {group.protocol: consumer}
                  processing: {constant: 1ms}
                timeline:
                  - {at: 50s, subscribe: {consumer: c1, topics: [payments, refunds]}}
                """, "resubscribed"), SUBSCRIBE_MS);
        assertTrue(span.startMs() > SUBSCRIBE_MS + SLACK_MS && span.startMs() <= SUBSCRIBE_MS + HEARTBEAT_MS + SLACK_MS,
                span.toString());
    }
}
