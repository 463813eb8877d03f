package org.rebalancesim.scenario;

/**
 * @param recordsPerSecond produced records per second, spread evenly over the partitions; with a {@code schedule},
 *                         its rate at time 0
 * @param inTurn           whether the partitions take their records in turn, record k of the topic going to
 *                         partition k mod n as a round-robin producer writes them ({@code arrivals: inTurn}),
 *                         rather than every partition its k-th record at the same moment ({@code together},
 *                         the default: one wake of a consumer per period however many partitions it owns)
 * @param schedule         a rate that changes over the run ({@code rate: {steps: ...}} or {@code rate: {daily:
 *                         ...}}), or null for the constant {@code recordsPerSecond}
 * @param createdAtStart   whether the topic exists when the run starts; {@code created: false} declares one that a
 *                         timeline {@code createTopic} creates later
 */
public record TopicSpec(String name, int partitions, double recordsPerSecond, boolean inTurn, RateSchedule schedule,
                        boolean createdAtStart) {

    public TopicSpec(String name, int partitions, double recordsPerSecond, boolean inTurn, RateSchedule schedule) {
        this(name, partitions, recordsPerSecond, inTurn, schedule, true);
    }

    public TopicSpec(String name, int partitions, double recordsPerSecond) {
        this(name, partitions, recordsPerSecond, false, null);
    }

    public TopicSpec(String name, int partitions, double recordsPerSecond, boolean inTurn) {
        this(name, partitions, recordsPerSecond, inTurn, null);
    }

    /** The highest rate the topic ever has. */
    public double peakRecordsPerSecond() {
        return schedule == null ? recordsPerSecond : schedule.peakPerSecond();
    }
}
