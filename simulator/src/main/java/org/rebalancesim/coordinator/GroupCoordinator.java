package org.rebalancesim.coordinator;

/**
 * The coordinator of one group on its broker, whatever protocol its members speak: what the cluster needs
 * to fail it over and to keep it informed. Requests reach the protocol-specific part through
 * {@link #serving}: the classic coordinator answers JoinGroup and SyncGroup, the consumer group
 * ConsumerGroupHeartbeat, and a coordinator may serve more than one kind (Kafka's group coordinator answers
 * both for one group id).
 */
public interface GroupCoordinator {

    /**
     * The coordinator's broker lost the group (GroupMetadataManager onUnloaded): timers cancelled,
     * parked requests and every later one answered NOT_COORDINATOR.
     */
    void unload();

    /**
     * A new leader of the offsets partition loaded the group on {@code broker} from what is persisted
     * (GroupMetadataManager onLoaded).
     *
     * @return the coordinator that serves the group from now on: this one resumed, or a new one built from the
     *         persisted state
     */
    GroupCoordinator loadOn(int broker);

    /** The topics' partition counts changed (a new metadata image). */
    void partitionsChanged();

    /**
     * The part of this coordinator that answers requests of {@code api} (a coordinator class), or null when
     * this group's coordinator answers none of them (the broker then says NOT_COORDINATOR).
     */
    default <A> A serving(Class<A> api) {
        return api.isInstance(this) ? api.cast(this) : null;
    }
}
