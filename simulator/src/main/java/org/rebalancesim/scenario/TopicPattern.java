package org.rebalancesim.scenario;

import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * A pattern subscription (docs/kafka-semantics.md §28). {@code pattern:} is KafkaConsumer.subscribe(java.util.regex
 * .Pattern): the client matches it against every topic of its metadata (SubscriptionState.matchesSubscribedPattern,
 * {@code Pattern.matcher(topic).matches()}) and subscribes to the topic names it found, under either group protocol.
 * {@code regex:} is subscribe(SubscriptionPattern), consumer protocol only: the client sends the RE2J regular
 * expression and the group coordinator resolves it against its metadata image (TopicRegexResolver, also a whole
 * match). Both kinds are compiled when the scenario loads, so a bad one is refused there.
 *
 * @param regex      the expression as written
 * @param serverSide true for {@code regex:} (resolved by the group coordinator), false for {@code pattern:}
 */
public record TopicPattern(String regex, boolean serverSide) {

    /** The YAML key of each kind: {@code pattern} (client side) and {@code regex} (group coordinator). */
    public String key() {
        return serverSide ? "regex" : "pattern";
    }

    /** {@code {pattern: orders-.*}}, as the scenario writes it. */
    public String text() {
        return "{" + key() + ": " + regex + "}";
    }

    /** Whether the whole topic name matches, with the engine Kafka uses for this kind. */
    public Predicate<String> matcher() {
        if (serverSide) {
            com.google.re2j.Pattern compiled = com.google.re2j.Pattern.compile(regex);
            return topic -> compiled.matcher(topic).matches();
        }
        java.util.regex.Pattern compiled = java.util.regex.Pattern.compile(regex);
        return topic -> compiled.matcher(topic).matches();
    }

    /** The topics of {@code topics} that match, in their order. */
    public List<String> matching(Collection<String> topics) {
        return topics.stream().filter(matcher()).toList();
    }

    /** Why the expression does not compile with its kind's engine, or null when it does. */
    String whyInvalid() {
        try {
            matcher();
            return null;
        } catch (java.util.regex.PatternSyntaxException e) {
            return e.getDescription() + " near index " + e.getIndex();
        } catch (com.google.re2j.PatternSyntaxException e) {
            return e.getDescription();
        }
    }
}
