package org.rebalancesim.consumer;

/** One running process of a pod, whatever its group protocol: what the pod's lifecycle needs from it. */
interface ConsumerProcess {

    Jvm jvm();

    PollLoop pollLoop();

    /**
     * The JVM is up and the consumer subscribed, holding nothing: it waits for its first partitions from
     * now on (counted as waiting only while the group rebalances), its warm-up included.
     */
    void processUp();

    /** The JVM is up: find the coordinator and call poll() for the first time. */
    void start();

    /** Graceful close(). */
    void close();

    /** The process is gone at once (crash). */
    void die();

    /** The subscription changed: the member must tell the group. */
    void subscriptionChanged();

    /** subscribe(java.util.regex.Pattern): the member matches it against its metadata at each poll(); null: none. */
    void subscribePattern(org.rebalancesim.scenario.TopicPattern pattern);

    /**
     * subscribe(Pattern) or subscribe(SubscriptionPattern) on the running consumer, which replaces its subscription
     * (docs/kafka-semantics.md §28).
     */
    void resubscribe(org.rebalancesim.scenario.TopicPattern pattern);
}
