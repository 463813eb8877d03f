package org.rebalancesim.consumer;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.TopicPattern;

/**
 * A client-side pattern subscription, KafkaConsumer.subscribe(java.util.regex.Pattern) (docs/kafka-semantics.md §28):
 * at the start of poll(), when the metadata's update version moved since the last match, the client matches the
 * pattern against every topic of its metadata and subscribes to what matched (classic:
 * ConsumerCoordinator.maybeUpdateSubscriptionMetadata → updatePatternSubscription; consumer protocol:
 * AsyncKafkaConsumer.updateAssignmentMetadataIfNeeded → UpdatePatternSubscriptionEvent →
 * ApplicationEventProcessor.maybeUpdatePatternSubscription). A changed subscription asks for a metadata update
 * (requestUpdateForNewTopics) and must reach the group: the classic member rejoins (rejoinNeededOrPending,
 * "subscription has changed"), the consumer protocol's sends the new topic names in its next regular heartbeat.
 */
final class PatternSubscription {

    private final TopicPattern pattern;
    private final Predicate<String> matcher;
    /** The metadata version of the last match; -1 before the first. */
    private int matchedVersion = -1;

    PatternSubscription(TopicPattern pattern) {
        this.pattern = pattern;
        this.matcher = pattern.matcher();
    }

    /**
     * poll()'s re-match: the topics the pattern matches in {@code counts}, when the metadata moved since the last
     * match and they differ from {@code current}; null otherwise (nothing to change).
     */
    List<String> rematch(int version, Map<String, Integer> counts, List<String> current) {
        if (version == matchedVersion) {
            return null;
        }
        matchedVersion = version;
        List<String> matched = counts.keySet().stream().filter(matcher).sorted().toList();
        return matched.equals(current.stream().sorted().toList()) ? null : matched;
    }

    /** Tells the story: "pattern orders-.* now matches [orders-eu, orders-us]: the subscription changed". */
    void tell(ConsumerProcessBase member, List<String> matched) {
        member.ctx.events().publish(new Story(member.pod, StoryKind.PATTERN_MATCH, -1, "pattern "
                + pattern.regex() + " now matches " + matched + ": the subscription changed"));
    }
}
