package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.consumer.MemberState.STABLE;
import static org.rebalancesim.coordinator.consumer.MemberState.UNRELEASED_PARTITIONS;
import static org.rebalancesim.coordinator.consumer.MemberState.UNREVOKED_PARTITIONS;

import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rebalancesim.coordinator.consumer.MemberState.EpochChange;

/** The member state table, checked step by step against Kafka's CurrentAssignmentBuilder (4.4.0). */
class MemberStateTest {

    private record Step(MemberState from, MemberState to, EpochChange epoch) {
    }

    /**
     * Every step CurrentAssignmentBuilder.build can take, written out from its branches (not from
     * MemberState): computeNextAssignment returns UNREVOKED_PARTITIONS with updateMemberEpoch(memberEpoch),
     * and STABLE / UNRELEASED_PARTITIONS with updateMemberEpoch(targetAssignmentEpoch), which is the
     * member's own epoch when it already reached that target; updateCurrentAssignment keeps the epoch.
     */
    private static final Set<Step> KAFKA_STEPS = Set.of(
            // STABLE, memberEpoch == target, subscription changed: updateCurrentAssignment.
            new Step(STABLE, STABLE, EpochChange.KEPT),
            new Step(STABLE, UNREVOKED_PARTITIONS, EpochChange.KEPT),
            // STABLE, memberEpoch != target: computeNextAssignment(memberEpoch, ...).
            new Step(STABLE, STABLE, EpochChange.ADVANCED),
            new Step(STABLE, UNRELEASED_PARTITIONS, EpochChange.ADVANCED),
            // UNREVOKED_PARTITIONS: unchanged (or updateCurrentAssignment) while it owns revoked partitions,
            // then computeNextAssignment(memberEpoch, ...) towards a target at its epoch or a newer one.
            new Step(UNREVOKED_PARTITIONS, UNREVOKED_PARTITIONS, EpochChange.KEPT),
            new Step(UNREVOKED_PARTITIONS, STABLE, EpochChange.KEPT),
            new Step(UNREVOKED_PARTITIONS, STABLE, EpochChange.ADVANCED),
            new Step(UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS, EpochChange.KEPT),
            new Step(UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS, EpochChange.ADVANCED),
            // UNRELEASED_PARTITIONS (already at a target epoch): computeNextAssignment(memberEpoch, ...).
            new Step(UNRELEASED_PARTITIONS, UNREVOKED_PARTITIONS, EpochChange.KEPT),
            new Step(UNRELEASED_PARTITIONS, STABLE, EpochChange.KEPT),
            new Step(UNRELEASED_PARTITIONS, STABLE, EpochChange.ADVANCED),
            new Step(UNRELEASED_PARTITIONS, UNRELEASED_PARTITIONS, EpochChange.KEPT),
            new Step(UNRELEASED_PARTITIONS, UNRELEASED_PARTITIONS, EpochChange.ADVANCED));

    static Stream<Arguments> everyStep() {
        return Stream.of(MemberState.values()).flatMap(from -> Stream.of(MemberState.values()).flatMap(to ->
                Stream.of(EpochChange.values()).map(epoch -> Arguments.of(new Step(from, to, epoch)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyStep")
    void aStepIsAllowedExactlyWhenKafkaCanTakeIt(Step step) {
        int toEpoch = step.epoch() == EpochChange.KEPT ? 4 : 5;
        if (KAFKA_STEPS.contains(step)) {
            assertDoesNotThrow(() -> step.from().checkTransition("g1", "m-a", 4, step.to(), toEpoch));
        } else {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> step.from().checkTransition("g1", "m-a", 4, step.to(), toEpoch));
            String message = e.getMessage();
            assertTrue(message.contains("g1") && message.contains("m-a") && message.contains(step.from().name())
                    && message.contains(step.to().name()), message);
        }
    }

    @Test
    void enteringUnrevokedPartitionsWithANewEpochIsRefused() {
        // Kafka keeps the epoch while revoking: a revoking member at a newer epoch would be a model bug.
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> STABLE.checkTransition("g1", "m-a", 3, UNREVOKED_PARTITIONS, 4));
        assertEquals("group g1, member m-a: illegal transition STABLE (epoch 3) -> UNREVOKED_PARTITIONS (epoch 4)",
                e.getMessage());
    }

    @Test
    void anEpochNeverGoesBack() {
        for (MemberState from : MemberState.values()) {
            for (MemberState to : MemberState.values()) {
                assertThrows(IllegalStateException.class, () -> from.checkTransition("g1", "m-a", 4, to, 3));
            }
        }
    }
}
