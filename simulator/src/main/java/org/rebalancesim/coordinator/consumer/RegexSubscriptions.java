package org.rebalancesim.coordinator.consumer;

import java.util.Collection;
import java.util.Collections;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.scenario.TopicPattern;

/**
 * The group's regular expressions, subscribe(SubscriptionPattern) (GMM.maybeUpdateRegularExpressions and
 * handleRegularExpressionsResult, Kafka 4.4.0 bytecode; docs/kafka-semantics.md §28): which member subscribes with
 * which RE2J expression, what each resolved to against the metadata image, and when the coordinator resolves them
 * again. A refresh runs at a heartbeat, never sooner than {@link #BATCH_REFRESH_MIN_INTERVAL_MS} after the last one
 * and never while one is in flight, and only when it is needed: a regex no member had before, a regex not resolved
 * yet, a metadata image with new topics since the last resolution, or group.consumer.regex.refresh.interval.ms since
 * the last.
 */
final class RegexSubscriptions {

    /** GMM.REGEX_BATCH_REFRESH_MIN_INTERVAL_MS (4.4.0): refreshes are batched at least this far apart. */
    static final long BATCH_REFRESH_MIN_INTERVAL_MS = 10_000;
    /** group.consumer.regex.refresh.interval.ms: a resolution this old is done again at the next heartbeat. */
    private final long refreshIntervalMs;

    private final SortedMap<String, String> regexByMember = new TreeMap<>();
    private final SortedMap<String, SortedSet<String>> resolved = new TreeMap<>();
    /** Kafka starts from 0 on the wall clock, long ago: the first refresh is never held back. */
    private long lastRefreshMs = Long.MIN_VALUE / 2;
    private long imageVersion;
    private long imageVersionWithNewTopics = -1;
    private long resolvedVersion = -1;
    private Set<String> topicsInImage;
    private boolean refreshing;

    RegexSubscriptions(long refreshIntervalMs) {
        this.refreshIntervalMs = refreshIntervalMs;
    }

    /** The member's regex, or null when it subscribes to topic names. */
    String regexOf(String memberId) {
        return regexByMember.get(memberId);
    }

    /** The topics a regex resolved to, or null before its first resolution. */
    SortedSet<String> resolvedTopics(String regex) {
        return resolved.get(regex);
    }

    /**
     * The member subscribes with {@code regex} ("" or null: none) from now on.
     *
     * @return whether no other member had it: it must be resolved before it counts (REGEX_UPDATED, not resolved)
     */
    boolean subscribe(String memberId, String regex) {
        String before = regex == null || regex.isEmpty() ? regexByMember.remove(memberId)
                : regexByMember.put(memberId, regex);
        if (before != null && !regexByMember.containsValue(before)) {
            resolved.remove(before);
        }
        return regex != null && !regex.isEmpty() && !regex.equals(before) && !resolved.containsKey(regex);
    }

    void remove(String memberId) {
        subscribe(memberId, null);
    }

    /** The broker published a new metadata image with these topics (onMetadataUpdate: new topics are noted). */
    void imagePublished(Collection<String> topics) {
        imageVersion++;
        if (topicsInImage != null && !topicsInImage.containsAll(topics)) {
            imageVersionWithNewTopics = imageVersion;
        }
        topicsInImage = Set.copyOf(topics);
    }

    /** maybeUpdateRegularExpressions' test, at a heartbeat at {@code nowMs}: whether to start a resolution now. */
    boolean refreshDue(long nowMs, boolean newRegex) {
        if (regexByMember.isEmpty() || refreshing || nowMs <= lastRefreshMs + BATCH_REFRESH_MIN_INTERVAL_MS) {
            return false;
        }
        return newRegex || !resolved.keySet().containsAll(regexByMember.values())
                || resolvedVersion < imageVersionWithNewTopics || nowMs > lastRefreshMs + refreshIntervalMs;
    }

    /** A resolution starts (on the coordinator's executor): its result is applied by {@link #resolve}. */
    void startRefresh() {
        refreshing = true;
    }

    /**
     * TopicRegexResolver.resolveRegularExpressions: each regex against every topic of the image, a whole match.
     *
     * @return the regexes whose topics changed
     */
    SortedSet<String> resolve(Collection<String> topics, long nowMs) {
        refreshing = false;
        lastRefreshMs = nowMs;
        resolvedVersion = imageVersion;
        SortedSet<String> changed = new TreeSet<>();
        for (String regex : new TreeSet<>(regexByMember.values())) {
            // TopicRegexResolver: RE2J, a whole match, as the scenario's regex: was checked to compile.
            SortedSet<String> matched = new TreeSet<>(new TopicPattern(regex, true).matching(topics));
            if (!matched.equals(resolved.put(regex, Collections.unmodifiableSortedSet(matched)))) {
                changed.add(regex);
            }
        }
        return changed;
    }

    /** The members that subscribe with {@code regex}, sorted. */
    SortedSet<String> membersOf(String regex) {
        SortedSet<String> members = new TreeSet<>();
        regexByMember.forEach((member, r) -> {
            if (r.equals(regex)) {
                members.add(member);
            }
        });
        return members;
    }
}
