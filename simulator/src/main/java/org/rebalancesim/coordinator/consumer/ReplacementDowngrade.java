package org.rebalancesim.coordinator.consumer;

/**
 * GroupMetadataManager.classicGroupJoinToConsumerGroup's downgrade (Kafka 4.4.0; docs/kafka-semantics.md §21): a
 * classic static member that joins in place of the member with its instance id converts the group to a classic
 * group when validateOnlineDowngradeWithReplacedMember allows it, asked before the replacement; the conversion
 * (convertToClassicGroup) follows once the joining member has taken the other's place. The group's coordinator
 * decides, since it owns the classic group that takes over.
 */
public interface ReplacementDowngrade {

    /** Whether the join that replaces {@code replaced} converts the group (validateOnlineDowngradeWithReplacedMember). */
    boolean allows(ConsumerGroupMember replaced);

    /** Converts the group, the joining member {@code joinedMemberId} among its members. */
    void convert(String joinedMemberId);
}
