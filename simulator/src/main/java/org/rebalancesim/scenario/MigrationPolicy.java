package org.rebalancesim.scenario;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The broker config group.consumer.migration.policy (Kafka's ConsumerGroupMigrationPolicy): which online
 * conversions between a classic group and a consumer group the coordinator makes. An empty group converts
 * whatever the policy (docs/kafka-semantics.md §21).
 */
public enum MigrationPolicy {
    /** Both ways: the default. */
    BIDIRECTIONAL(true, true),
    /** Classic to consumer only (isUpgradeEnabled). */
    UPGRADE(true, false),
    /** Consumer to classic only (isDowngradeEnabled). */
    DOWNGRADE(false, true),
    /** Neither; a classic member cannot even join a consumer group (INCONSISTENT_GROUP_PROTOCOL). */
    DISABLED(false, false);

    private final boolean upgrade;
    private final boolean downgrade;

    MigrationPolicy(boolean upgrade, boolean downgrade) {
        this.upgrade = upgrade;
        this.downgrade = downgrade;
    }

    /** ConsumerGroupMigrationPolicy.isUpgradeEnabled: a non-empty classic group may become a consumer group. */
    public boolean upgradeEnabled() {
        return upgrade;
    }

    /** ConsumerGroupMigrationPolicy.isDowngradeEnabled: a consumer group of classic members may become classic. */
    public boolean downgradeEnabled() {
        return downgrade;
    }

    /** The value as Kafka writes it: "bidirectional". */
    public String kafkaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The policy written {@code name} (any case, as Kafka's parse), if there is one. */
    public static Optional<MigrationPolicy> named(String name) {
        return Arrays.stream(values()).filter(value -> value.kafkaName().equalsIgnoreCase(name.trim())).findFirst();
    }
}
