package org.rebalancesim.calibration;

import java.util.List;

/**
 * One thing that happened in a calibration run against real Kafka, as a line of JSON in the run's
 * event log ({@code events.jsonl}). Times are wall-clock milliseconds since the run started, divided
 * by the time scale, so they compare directly with simulated milliseconds.
 *
 * <p>Types written by a consumer worker (one real KafkaConsumer in its own JVM):
 * <ul>
 *   <li>{@code started}: the JVM is up and the consumer subscribed;</li>
 *   <li>{@code joining}: a rebalance began for this member (eager: just before onPartitionsRevoked of
 *       everything; cooperative and consumer protocol: the first callback of a round);</li>
 *   <li>{@code assigned}, {@code revoked}, {@code lost}: the ConsumerRebalanceListener callbacks, with
 *       {@code partitions} ("topic-3") and {@code generation} (consumer.groupMetadata().generationId(),
 *       the member epoch under the consumer protocol);</li>
 *   <li>{@code polled}: poll() returned {@code records} records;</li>
 *   <li>{@code epoch}: under the consumer protocol, after a poll, the member epoch the consumer
 *       reports ({@code generation}) changed since the last {@code epoch} event, with the {@code memberId}
 *       the consumer reports (under the consumer protocol the client names itself: KIP-1082);</li>
 *   <li>{@code processed}: offsets [{@code from}, {@code to}) of {@code partition} were processed;</li>
 *   <li>{@code committed}: a commit of {@code partitions} succeeded; {@code commitFailed} otherwise;</li>
 *   <li>{@code closed}: close() returned; {@code fatal}: the consumer threw (with {@code error}).</li>
 * </ul>
 * Types written by the orchestrator: {@code podStart}, {@code exited} (it saw the process end),
 * {@code paused} (SIGSTOP), {@code resumed}
 * (SIGCONT), {@code killed} (SIGKILL), {@code stopRequested}, {@code slowRecord}, {@code produced}
 * (with {@code partition} and {@code to}: the log end offset), {@code partitionsAdded}.
 *
 * @param atMs       scaled milliseconds since the run started
 * @param pod        the pod ("c1"), or "cluster" for orchestrator events not tied to one
 * @param type       see above
 * @param partitions partitions of the event, empty when none
 * @param generation generation or member epoch, -1 when not applicable
 * @param partition  one partition ("topic-3") for processed/produced, else null
 * @param from       first offset (processed), -1 when not applicable
 * @param to         offset after the last one (processed, produced), -1 when not applicable
 * @param records    record count (polled), -1 when not applicable
 * @param error      an error's class and message (fatal, commitFailed), else null
 * @param memberId   the member id the consumer reports (epoch), else null
 */
public record MeasuredEvent(long atMs, String pod, String type, List<String> partitions, int generation,
                            String partition, long from, long to, long records, String error,
                            String memberId) {

    public MeasuredEvent {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
    }

    /** The same event at another time. */
    MeasuredEvent at(long otherMs) {
        return new MeasuredEvent(otherMs, pod, type, partitions, generation, partition, from, to, records, error,
                memberId);
    }
}
