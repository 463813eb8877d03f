package org.rebalancesim.coordinator.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.rebalancesim.coordinator.GroupSnapshot;
import org.rebalancesim.coordinator.Protocol;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.RemovalReason;

/**
 * A consumer group's conversions to and from a classic group (Kafka 4.4.0 GroupMetadataManager
 * convertToConsumerGroup, validateOnlineDowngradeWithFencedMembers, convertToClassicGroup;
 * docs/kafka-semantics.md §21): the consumer group's side of them; the group's coordinator decides when.
 */
public final class GroupConversion {

    private final ConsumerGroupContext ctx;
    private final ConsumerGroup group;
    private final ClassicMembers classicMembers;

    GroupConversion(ConsumerGroupContext ctx, ClassicMembers classicMembers) {
        this.ctx = ctx;
        this.group = ctx.group;
        this.classicMembers = classicMembers;
    }

    /**
     * Whether removing {@code leaving} converts the group to a classic group
     * (GroupMetadataManager.validateOnlineDowngradeWithFencedMembers, 4.4.0): every other member speaks classic,
     * there is at least one, the policy allows downgrades, and they fit the classic group's maximum size.
     */
    public boolean downgradeDue(ConsumerGroupMember leaving, boolean downgradeEnabled, int classicMaxSize) {
        if (group.member(leaving.memberId()) == null) {
            return false;
        }
        int others = classicMembersBut(leaving);
        return others > 0 && downgradeEnabled && others <= classicMaxSize;
    }

    /**
     * Whether a classic static member's join in place of {@code replaced} converts the group to a classic group
     * (GroupMetadataManager.validateOnlineDowngradeWithReplacedMember, 4.4.0): every other member speaks classic,
     * the policy allows downgrades, and the group fits the classic group's maximum size.
     */
    public boolean downgradeDueReplacing(ConsumerGroupMember replaced, boolean downgradeEnabled, int classicMaxSize) {
        return classicMembersBut(replaced) >= 0 && downgradeEnabled && group.size() <= classicMaxSize;
    }

    /** How many members besides {@code except} there are when all of them speak classic; -1 when one does not. */
    private int classicMembersBut(ConsumerGroupMember except) {
        int others = 0;
        for (ConsumerGroupMember member : group.members()) {
            if (!member.memberId().equals(except.memberId())) {
                if (classicMembers.metadata(member.memberId()) == null) {
                    return -1;
                }
                others++;
            }
        }
        return others;
    }

    /**
     * The group becomes a classic group (GroupMetadataManager.convertToClassicGroup, ClassicGroup.fromConsumerGroup):
     * the members but {@code leaving} (null: every member), each with its target assignment, at the group epoch as
     * generation; this consumer group is left empty (Kafka deletes it), the leaving member removed.
     */
    public GroupSnapshot handOverToClassic(ConsumerGroupMember leaving, RemovalReason reason) {
        List<GroupSnapshot.MemberSnapshot> members = new ArrayList<>();
        for (ConsumerGroupMember member : group.members()) {
            ClassicMembers.Metadata classic = classicMembers.metadata(member.memberId());
            if (leaving == null || !member.memberId().equals(leaving.memberId())) {
                members.add(new GroupSnapshot.MemberSnapshot(member.memberId(), member.instanceId(), classic.clientId(),
                        classic.sessionTimeoutMs(), member.rebalanceTimeoutMs(), classic.protocols(),
                        List.copyOf(group.target(member.memberId()))));
            }
        }
        GroupSnapshot converted = new GroupSnapshot(group.groupEpoch(), commonProtocol(members),
                members.get(0).memberId(), members);
        if (leaving != null) {
            ctx.events.publish(MemberRemoved.of(leaving.memberId(), leaving.instanceId(), reason));
        }
        for (String memberId : group.memberIds()) {
            group.remove(memberId);
            ctx.timers().cancel(memberId);
        }
        group.resetTargetOfEmptyGroup();
        group.refreshState("converted to a classic group");
        return converted;
    }

    /** ClassicGroup.selectProtocol, simplified: the first protocol of the first member that every member supports. */
    private static String commonProtocol(List<GroupSnapshot.MemberSnapshot> members) {
        for (Protocol candidate : members.get(0).protocols()) {
            boolean everyone = members.stream().allMatch(member -> member.protocols().stream()
                    .anyMatch(protocol -> protocol.name().equals(candidate.name())));
            if (everyone) {
                return candidate.name();
            }
        }
        return members.get(0).protocols().get(0).name();
    }

    /**
     * The classic group's members join this empty group as they were (GroupMetadataManager convertToConsumerGroup,
     * ConsumerGroup.fromClassicGroup): each at the classic generation, Stable, owning and targeted with its last
     * classic assignment, its session timer at its own session.timeout.ms.
     */
    public void adoptClassicGroup(GroupSnapshot classic) {
        int epoch = classic.generationId();
        List<ConsumerGroupMember> converted = new ArrayList<>();
        for (GroupSnapshot.MemberSnapshot member : classic.members()) {
            List<String> topics = member.protocols().isEmpty() ? List.of() : member.protocols().get(0).topics();
            converted.add(new ConsumerGroupMember(member.memberId(), member.groupInstanceId(), epoch, epoch,
                    MemberState.STABLE, member.rebalanceTimeoutMs(), new TreeSet<>(topics), null,
                    new TreeSet<>(member.assignment()), new TreeSet<>()));
        }
        group.adoptClassicGroup(epoch, converted);
        for (GroupSnapshot.MemberSnapshot member : classic.members()) {
            classicMembers.adopt(member.memberId(), new ClassicMembers.Metadata(member.sessionTimeoutMs(),
                    member.clientId(), member.protocols()));
        }
        // No state of its own: the joining member's heartbeat, handled next in the same request as in Kafka's
        // consumerGroupHeartbeat, bumps the epoch and computes a target that covers every partition (the classic
        // assignment taken over may leave some unassigned, if the classic group was mid-rebalance).
        ctx.outbox.flush();
    }

}
