package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The orchestrator's event log of a run, as its workers' lines reach it. */
class EventLogTest {

    /**
     * A consumer-protocol worker reports the member id its client made (KIP-1082) with each new epoch; a
     * restarted pod's client makes a new one. Each names its pod, so that the coordinator's log, which knows
     * a dynamic member only by that id, can be read as the pod's.
     */
    @Test
    void theMemberIdsTheWorkersReportNameTheirPods() {
        EventLog log = new EventLog(CoordinatorLogTest.CLOCK);
        for (String line : new String[] {
                "{\"atMs\":742,\"pod\":\"c1\",\"type\":\"epoch\",\"generation\":5,"
                        + "\"memberId\":\"GZp3edOWTYOYW7X8Bs9AvA\"}",
                "{\"atMs\":800,\"pod\":\"c2\",\"type\":\"polled\",\"generation\":5,\"records\":3}",
                "{\"atMs\":9667,\"pod\":\"c1\",\"type\":\"epoch\",\"generation\":8,"
                        + "\"memberId\":\"DIhhLsmBSJiPgkeVMNn6tg\"}",
                "not an event: a stray line of a worker's output"}) {
            MeasuredEvent event = log.parse(line);
            if (event != null) {
                log.add(event);
            }
        }
        assertEquals(Map.of("GZp3edOWTYOYW7X8Bs9AvA", "c1", "DIhhLsmBSJiPgkeVMNn6tg", "c1"), log.podsByMemberId());
    }
}
