package org.rebalancesim.calibration;

import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.processor.StandbyUpdateListener;
import org.apache.kafka.streams.processor.StateRestoreListener;
import org.apache.kafka.streams.processor.TaskId;

/**
 * A Kafka Streams worker's restore listener: logs each active task's restoration ({@code restoreStart}
 * with the changelog offsets it restores between, {@code restoreEnd} or {@code restoreSuspended} with the
 * records restored) and holds the instance's restoration, actives and standbys together, to the
 * scenario's {@code restoreRate}, so that a measured run restores at the rate the simulated one does and
 * the comparison is about when and what Streams restores, not how fast this machine's RocksDB writes.
 * Both listeners are called on the state updater's thread after each batch it wrote (Kafka Streams
 * 4.4.0, DefaultStateUpdater), so sleeping there slows that instance's restoration and nothing else.
 */
final class RestoreThrottle implements StateRestoreListener, StandbyUpdateListener {

    /**
     * Work the state updater did beyond the budget is not carried further than this: a SIGSTOP (a GC pause)
     * must stop restoration, not be made up afterwards by batches restored without a pause.
     */
    static final long SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final WorkerEvents events;
    /** Wall-clock nanoseconds per changelog record; 0 when the scenario sets no rate. */
    private final double nanosPerRecord;
    private long readyNanos = Long.MIN_VALUE / 2;

    RestoreThrottle(WorkerEvents events, double restoreRecordsPerSec, TimeScale scale) {
        this.events = events;
        this.nanosPerRecord = restoreRecordsPerSec > 0 ? scale.factor() * 1e9 / restoreRecordsPerSec : 0;
    }

    /** The task a changelog partition belongs to, named as Kafka names it ("0_3"). */
    static String taskOf(TopicPartition changelog, String storeName) {
        return new TaskId(StreamsWorkerSettings.subtopologyOfStore(storeName), changelog.partition()).toString();
    }

    @Override
    public void onRestoreStart(TopicPartition changelog, String storeName, long startingOffset, long endingOffset) {
        events.task("restoreStart", taskOf(changelog, storeName), startingOffset, endingOffset, -1);
        startBudget();
    }

    @Override
    public void onBatchRestored(TopicPartition changelog, String storeName, long batchEndOffset, long numRestored) {
        hold(numRestored);
    }

    @Override
    public void onRestoreEnd(TopicPartition changelog, String storeName, long totalRestored) {
        events.task("restoreEnd", taskOf(changelog, storeName), -1, -1, totalRestored);
    }

    @Override
    public void onRestoreSuspended(TopicPartition changelog, String storeName, long totalRestored) {
        events.task("restoreSuspended", taskOf(changelog, storeName), -1, -1, totalRestored);
    }

    @Override
    public void onUpdateStart(TopicPartition changelog, String storeName, long startingOffset) {
        // standbys and warm-ups are not logged: the metrics compared concern active tasks
        startBudget();
    }

    @Override
    public void onBatchLoaded(TopicPartition changelog, String storeName, TaskId taskId, long batchEndOffset,
                              long batchSize, long currentEndOffset) {
        hold(batchSize);
    }

    @Override
    public void onUpdateSuspended(TopicPartition changelog, String storeName, long storeOffset, long currentEndOffset,
                                  SuspendReason reason) {
        // see onUpdateStart
    }

    /** A restoration starts: its first batch counts from now, not from the slack before it. */
    private void startBudget() {
        readyNanos = Math.max(readyNanos, System.nanoTime());
    }

    /** Sleeps until {@code records} more fit the rate since the last batch (less the slack). */
    private void hold(long records) {
        if (nanosPerRecord == 0 || records <= 0) {
            return;
        }
        long now = System.nanoTime();
        readyNanos = Math.max(readyNanos, now - SLACK_NANOS) + (long) (records * nanosPerRecord);
        long waitNanos = readyNanos - now;
        if (waitNanos > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(waitNanos);
            } catch (InterruptedException e) {
                // the state updater is shutting down
                Thread.currentThread().interrupt();
            }
        }
    }
}
