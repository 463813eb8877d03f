package org.rebalancesim.scenario;

import java.util.Locale;

/**
 * How the application commits when {@code enable.auto.commit} is false (consumers.application): after each
 * batch, and in onPartitionsRevoked (docs/kafka-semantics.md §6). With auto-commit on, the client commits and
 * this is not read.
 *
 * @param afterBatch what the application calls after processing each batch
 * @param onRevoke   whether it calls commitSync in onPartitionsRevoked (and before close() revokes)
 */
public record ApplicationCommits(Mode afterBatch, boolean onRevoke) {

    /** The commit the application calls after each batch. */
    public enum Mode {
        /** commitSync: the thread waits for the answer, and a failure is thrown to it. */
        SYNC,
        /** commitAsync: the thread goes on; a failure reaches the commit's callback and is not retried. */
        ASYNC,
        /** No commit after a batch (only in onPartitionsRevoked, if at all). */
        NONE;

        /** The YAML spelling. */
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What the model did before the section existed: commitSync after each batch and in onPartitionsRevoked. */
    public static final ApplicationCommits DEFAULT = new ApplicationCommits(Mode.SYNC, true);
}
