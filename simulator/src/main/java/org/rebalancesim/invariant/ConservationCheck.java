package org.rebalancesim.invariant;

import java.util.function.Predicate;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/**
 * Records are conserved (record-conservation). The ledger keeps, per partition, the first offset no one
 * has processed; the run's lag is produced minus unique processed. That identity is only true if, for
 * every partition, the mark never passes the log end (nothing processed before it was produced), the
 * marks add up to the unique count (no offsets skipped: a skipped record would be neither processed nor
 * lag), and no committed offset passes the mark (a record committed unprocessed is lost to the group).
 */
final class ConservationCheck {

    private final Violations violations;
    private final Production production;
    private final ProcessingLedger ledger;
    private final Predicate<String> trackedTopic;
    private KafkaCluster cluster;

    ConservationCheck(Violations violations, Production production, ProcessingLedger ledger,
                      Predicate<String> trackedTopic) {
        this.violations = violations;
        this.production = production;
        this.ledger = ledger;
        this.trackedTopic = trackedTopic;
    }

    void watch(KafkaCluster watched) {
        this.cluster = watched;
    }

    /** @param event what the check runs at ("lag sample", "end of the run") */
    void check(String event) {
        long now = violations.nowMs();
        long produced = 0;
        long marks = 0;
        for (TopicPartition tp : production.allPartitions()) {
            long end = production.logEndOffset(tp, now);
            long mark = ledger.processedUpTo(tp);
            long committed = cluster.offsets().committed(tp);
            if (mark > end) {
                violations.fail(Invariant.RECORD_CONSERVATION, event, "offsets of " + tp + " up to " + mark
                        + " were processed but only " + end + " were produced");
            }
            if (committed > mark) {
                violations.fail(Invariant.RECORD_CONSERVATION, event, "offset " + committed + " of " + tp
                        + " is committed but records were only processed up to " + mark);
            }
            marks += mark;
            if (trackedTopic.test(tp.topic())) {
                produced += end;
            }
        }
        for (TopicPartition tp : production.deletedPartitions()) {
            marks += ledger.processedUpTo(tp);
        }
        produced += production.producedOfDeleted(ledger, trackedTopic);
        if (marks != ledger.uniqueProcessed()) {
            violations.fail(Invariant.RECORD_CONSERVATION, event, "the partitions were processed up to "
                    + marks + " offsets in all but " + ledger.uniqueProcessed() + " records were counted once: "
                    + "offsets were skipped or counted twice");
        }
        if (produced < ledger.uniqueProcessed()) {
            violations.fail(Invariant.RECORD_CONSERVATION, event, "lag is negative: " + produced
                    + " records produced, " + ledger.uniqueProcessed() + " processed once");
        }
    }
}
