package org.rebalancesim.coordinator;

import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Member ids as Kafka makes them ({@code clientId-UUID}, or {@code instanceId-UUID} for static members),
 * with the UUID drawn from a seeded stream so that runs are reproducible. The ids matter: the range
 * and round-robin assignors order dynamic members by member id.
 */
public final class MemberIds {

    private final RandomGenerator random;

    public MemberIds(RandomGenerator random) {
        this.random = random;
    }

    public String next(String prefix) {
        return prefix + "-" + uuid(random);
    }

    /**
     * The id a consumer group gives a classic member joining it without one: a bare random Uuid, no client id in
     * front (GroupMetadataManager.classicGroupJoinToConsumerGroup, 4.4.0: {@code Uuid.randomUuid().toString()}).
     */
    public String nextBare() {
        return uuid(random);
    }

    /** A UUID-shaped id made of two draws of {@code random} (Kafka uses random UUIDs). */
    public static String uuid(RandomGenerator random) {
        long high = random.nextLong();
        long low = random.nextLong();
        String hex = String.format(Locale.ROOT, "%016x%016x", high, low);
        return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
                + hex.substring(16, 20) + "-" + hex.substring(20);
    }
}
