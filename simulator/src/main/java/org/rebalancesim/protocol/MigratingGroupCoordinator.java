package org.rebalancesim.protocol;

import java.util.function.Consumer;
import org.rebalancesim.cluster.GroupSetup;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.ClassicRequests;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.GroupCoordinator;
import org.rebalancesim.coordinator.GroupSnapshot;
import org.rebalancesim.coordinator.Messages;
import org.rebalancesim.coordinator.Messages.HeartbeatResponse;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.LeaveGroupRequest;
import org.rebalancesim.coordinator.Messages.LeaveGroupResponse;
import org.rebalancesim.coordinator.Messages.OffsetCommitRequest;
import org.rebalancesim.coordinator.Messages.OffsetCommitResponse;
import org.rebalancesim.coordinator.Messages.SyncGroupRequest;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMember;
import org.rebalancesim.coordinator.consumer.ReplacementDowngrade;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.GroupConverted;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;
import org.rebalancesim.scenario.ConsumerGroupSpec;
import org.rebalancesim.scenario.MigrationPolicy;

/**
 * The coordinator of a group whose pods speak both classic and consumer (a migration between protocols,
 * docs/kafka-semantics.md §21): one group id that is a classic group or a consumer group at a time, as Kafka
 * 4.4.0's GroupMetadataManager keeps it. Classic requests go to the classic group while it is the group's type,
 * else to the consumer group, which serves classic members; a ConsumerGroupHeartbeat to a non-empty classic group
 * converts it (getOrMaybeCreateConsumerGroup, validateOnlineUpgrade, convertToConsumerGroup) when
 * group.consumer.migration.policy allows, else it is answered GROUP_ID_NOT_FOUND. An empty group of either type
 * gives way to the other whatever the policy (the offline migration).
 */
final class MigratingGroupCoordinator implements GroupCoordinator {

    private final GroupSetup setup;
    private final MigrationPolicy policy;
    private final ConsumerProtocolCoordinator consumerSide;
    /** The consumer group's side that answers classic members. */
    private final ClassicRequests classicMembers;
    private final ClassicRequests dispatch = new ClassicDispatch();
    private ClassicGroupCoordinator classic;
    /** Whether the group id is a classic group now (it starts as one: a classic group answers an empty id). */
    private boolean classicType;

    MigratingGroupCoordinator(GroupSetup setup, boolean variantStartsClassic) {
        this.setup = setup;
        ConsumerGroupSpec spec = ConsumerProtocol.groupSettings(setup.settings());
        this.policy = spec.migrationPolicy();
        this.classicType = variantStartsClassic;
        this.consumerSide = new ConsumerProtocolCoordinator(setup);
        this.classic = consumerSide.classic();
        this.classicMembers = consumerSide.consumerGroup().serveClassicMembers(setup.memberIds(),
                policy != MigrationPolicy.DISABLED, this::gate, this::maybeDowngrade, new DowngradeOnReplacement());
        classic.answeredBy(dispatch);
    }

    /**
     * GroupMetadataManager.getOrMaybeCreateConsumerGroup, before the heartbeat is handled: while the classic group
     * has members, only a joining heartbeat may convert it, and only under a policy that allows the upgrade and
     * within the consumer group's size limit (validateOnlineUpgrade; every embedded protocol of the model is the
     * consumer protocol); anything else is GROUP_ID_NOT_FOUND. Then ConsumerGroup.fromClassicGroup refuses a group
     * whose assignment carries a custom assignor's user data: UnsupportedVersionException, "userData from a custom
     * assignor would be lost" (4.4.0 bytecode), which the heartbeat answers UNSUPPORTED_VERSION.
     */
    private Errors gate(HeartbeatRequest request) {
        if (classic.state() == ClassicGroupState.EMPTY || classic.state() == ClassicGroupState.DEAD) {
            if (classicType && request.memberEpoch() == 0) {
                // maybeDeleteEmptyClassicGroup: the empty classic group goes, a new consumer group takes the id.
                classicType = false;
                setup.events().publish(new GroupConverted("classic", "consumer", 0, request.memberId(),
                        "joined the empty group with the consumer protocol (offline migration, any policy)", true));
            }
            return Errors.NONE;
        }
        boolean joining = request.memberEpoch() == 0;
        if (!joining || !policy.upgradeEnabled() || classic.memberIds().size() > setup.settings().groupMaxSize()) {
            return Errors.GROUP_ID_NOT_FOUND;
        }
        if (classic.assignedUserData()) {
            return Errors.UNSUPPORTED_VERSION;
        }
        GroupSnapshot members = classic.handOver();
        // The conversion first: the consumer group's epoch records (taken over from the generation) are the new group's.
        setup.events().publish(new GroupConverted("classic", "consumer", members.generationId(),
                request.memberId(), "joined with the consumer protocol (group.consumer.migration.policy "
                        + policy.kafkaName() + ")", false));
        consumerSide.consumerGroup().conversion().adoptClassicGroup(members);
        classic = ClassicProtocol.classicCoordinator(setup);
        classic.answeredBy(dispatch);
        consumerSide.useClassic(classic);
        classicType = false;
        return Errors.NONE;
    }

    /**
     * GroupMetadataManager.consumerGroupFenceMembers (4.4.0): removing the last consumer-protocol member converts
     * the group to a classic group when validateOnlineDowngradeWithFencedMembers allows it; the classic group then
     * prepares a rebalance (convertToClassicGroup). group.max.size stands for group.classic.max.size.
     *
     * @return whether the group converted (the removal is then part of the conversion)
     */
    private boolean maybeDowngrade(ConsumerGroupMember leaving, RemovalReason reason) {
        ConsumerGroupCoordinator consumerGroup = consumerSide.consumerGroup();
        if (!consumerGroup.conversion().downgradeDue(leaving, policy.downgradeEnabled(), setup.settings().groupMaxSize())) {
            return false;
        }
        GroupSnapshot members = consumerGroup.conversion().handOverToClassic(leaving, reason);
        becomeClassic(members, leaving.memberId(), "left as the last consumer-protocol member", reason.toString(),
                RebalanceTrigger.MEMBER_LEFT);
        return true;
    }

    /**
     * The classic group takes the id over from the consumer group, {@code members} and all, and rebalances.
     *
     * @param how what the member did, as the story tells it ("left as the last consumer-protocol member")
     * @param why the detail the story adds before the policy (the removal's reason), or null
     */
    private void becomeClassic(GroupSnapshot members, String memberId, String how, String why,
                               RebalanceTrigger trigger) {
        setup.events().publish(new GroupConverted("consumer", "classic", members.generationId(), memberId, how + " ("
                + (why == null ? "" : why + ", ") + "group.consumer.migration.policy " + policy.kafkaName() + ")",
                false));
        classicType = true;
        classic = ClassicGroupCoordinator.downgraded(setup.sim(), setup.groupId(), setup.settings(), setup.offsets(),
                setup.memberIds(), setup.events(), members, Cause.of(trigger, memberId,
                        "group " + setup.groupId() + " downgraded from consumer to classic"));
        classic.answeredBy(dispatch);
        consumerSide.useClassic(classic);
    }

    /**
     * GroupMetadataManager.classicGroupJoinToConsumerGroup (4.4.0): a classic static member that takes the place of
     * the last consumer-protocol member (a pod rolled back to classic, its instance id kept) converts the group, as
     * a leave of that member would (validateOnlineDowngradeWithReplacedMember, convertToClassicGroup).
     */
    private final class DowngradeOnReplacement implements ReplacementDowngrade {
        @Override
        public boolean allows(ConsumerGroupMember replaced) {
            return consumerSide.consumerGroup().conversion().downgradeDueReplacing(replaced, policy.downgradeEnabled(),
                    setup.settings().groupMaxSize());
        }

        @Override
        public void convert(String joinedMemberId) {
            becomeClassic(consumerSide.consumerGroup().conversion().handOverToClassic(null, null), joinedMemberId,
                    GroupConverted.REPLACED_LAST_CONSUMER_MEMBER, null,
                    RebalanceTrigger.STATIC_MEMBER_REJOINED);
        }
    }

    /**
     * The classic requests' dispatch (GroupMetadataManager classicGroupJoin and its siblings): to the consumer
     * group while it has members; an empty consumer group is deleted at the next classic request
     * (maybeDeleteEmptyConsumerGroup) and the classic group takes the id again.
     */
    private final class ClassicDispatch implements ClassicRequests {
        @Override
        public boolean answersNow() {
            boolean consumerGroup = classicMembers.answersNow();
            if (!consumerGroup && !classicType) {
                classicType = true;
                setup.events().publish(new GroupConverted("consumer", "classic", 0, null,
                        "a classic member joined the empty group (offline migration, any policy)", true));
            }
            return consumerGroup;
        }

        @Override
        public void joinGroup(JoinGroupRequest request, Consumer<JoinGroupResponse> respond) {
            classicMembers.joinGroup(request, respond);
        }

        @Override
        public void syncGroup(SyncGroupRequest request, Consumer<SyncGroupResponse> respond) {
            classicMembers.syncGroup(request, respond);
        }

        @Override
        public void heartbeat(Messages.HeartbeatRequest request, Consumer<HeartbeatResponse> respond) {
            classicMembers.heartbeat(request, respond);
        }

        @Override
        public void leaveGroup(LeaveGroupRequest request, Consumer<LeaveGroupResponse> respond) {
            classicMembers.leaveGroup(request, respond);
        }

        @Override
        public void offsetCommit(OffsetCommitRequest request, Consumer<OffsetCommitResponse> respond) {
            classicMembers.offsetCommit(request, respond);
        }
    }

    @Override
    public void unload() {
        consumerSide.unload();
    }

    @Override
    public GroupCoordinator loadOn(int broker) {
        consumerSide.loadOn(broker);
        classic = consumerSide.classic();
        return this;
    }

    @Override
    public void partitionsChanged() {
        consumerSide.partitionsChanged();
    }

    @Override
    public <A> A serving(Class<A> api) {
        return consumerSide.serving(api);
    }
}
