package org.rebalancesim.consumer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.partition.TopicPartition;

/**
 * One consumer process's cached cluster metadata (Kafka's ConsumerMetadata): the partition counts as its
 * last successful refresh saw them. A refresh is due {@code metadata.max.age.ms} after the last successful
 * one [Metadata.timeToNextUpdate], and never sooner than {@code retry.backoff.ms} after the last one
 * [Metadata.timeToAllowUpdate], so a refresh asked for early (a new subscription, an assigned partition
 * the metadata does not know) moves every later one. The brokers' metadata caches show a partition change
 * at once (docs/kafka-semantics.md §16); the Metadata round trip itself takes no time here.
 */
final class ClientMetadata {

    private final ConsumerProcessBase member;
    private final Timer refresh;
    private final long intervalMs;
    private final Runnable onChange;
    private Map<String, Integer> counts = Map.of();
    private boolean started;
    /** Metadata.updateVersion: goes up at every refresh, whether or not it changed anything. */
    private int version;

    /** @param onChange told after a refresh that brought different partition counts */
    ClientMetadata(ConsumerProcessBase member, Runnable onChange) {
        this.member = member;
        this.onChange = onChange;
        this.refresh = member.ctx.sim().timer(member.pod + "'s metadata refresh", member.jvm::isAlive);
        // With metadata.max.age.ms 0, the retry backoff paces the refreshes; 1 ms keeps the clock moving.
        this.intervalMs = Math.max(1, Math.max(member.config.metadataMaxAgeMs(), member.config.retryBackoffMs()));
    }

    /** The client's first poll() fetches the metadata of its subscription (requestUpdateForNewTopics). */
    void start() {
        started = true;
        refreshNow();
    }

    /** The partition counts by topic as the last refresh saw them, in scenario order (unmodifiable). */
    Map<String, Integer> counts() {
        return counts;
    }

    int version() {
        return version;
    }

    /** Whether the metadata knows every one of {@code partitions}. */
    boolean knowsAll(List<TopicPartition> partitions) {
        for (TopicPartition tp : partitions) {
            if (tp.partition() >= counts.getOrDefault(tp.topic(), 0)) {
                return false;
            }
        }
        return true;
    }

    /** A refresh is asked for now (Metadata.requestUpdate): it happens at once, as the retry backoff allows. */
    void requestUpdate() {
        if (started) {
            refreshNow();
        }
    }

    void stop() {
        refresh.cancel();
    }

    private void refreshNow() {
        Map<String, Integer> seen = member.ctx.production().partitionCounts();
        boolean changed = !counts.isEmpty() && !seen.equals(counts);
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(seen));
        version++;
        refresh.schedule(intervalMs, () -> member.jvm.run(this::refreshNow));
        if (changed) {
            onChange.run();
        }
    }
}
