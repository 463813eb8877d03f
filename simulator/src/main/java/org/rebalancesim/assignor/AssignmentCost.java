package org.rebalancesim.assignor;

import java.util.Map;

/**
 * How long an assignor's assign() takes, in simulated milliseconds: the classic group leader sends its
 * SyncGroup that much later ({@link #CLIENT}), and a KIP-848 coordinator's new target assignment becomes
 * current that much later ({@link #SERVER}). Pure and deterministic: the same names and sizes give the same
 * whole milliseconds on every machine (StrictMath, no clock).
 *
 * <p><b>Measured, not guessed.</b> {@code scripts/calibrate-assignors}
 * (org.rebalancesim.assignor.calibration.AssignorTiming) timed Kafka's real assignors (kafka-clients and
 * kafka-group-coordinator 4.4.0) through the simulator's own adapters (KafkaClientAssignor, ServerAssignors:
 * the calls the model makes), at members ∈ {10, 100, 1000} × partitions ∈ {100, 1000, 10000} of one
 * topic, every member subscribed, for a first assignment and for the rebalance after one member joins (the
 * sticky assignors then see what everyone owns): warm JIT, per cell the median of 15 calls after at least
 * 1 s of warm-up calls, the lower of two passes over the table. Then it fitted, per assignor, by least
 * squares on the slower of the two cases (a rebalance, the common case), negative coefficients dropped:
 * <pre>
 *   timeMs = a + b·partitions + c·members·log2(members)
 *
 *   assignor             a (ms)    b (ms/partition)  c (ms/member·log2)  rms     max |error|  max relative*
 *   range                0.0062    1.069e-04         4.24e-05            0.09    0.20 ms      18 %
 *   roundrobin           0         7.69e-05          3.20e-05            0.02    0.03 ms       3 %
 *   sticky               0         2.671e-04         8.07e-05            0.31    0.60 ms      29 %
 *   cooperative-sticky   0         2.552e-04         7.40e-05            0.27    0.53 ms      52 %
 *   uniform (server)     0.0335    3.014e-04         7.02e-05            0.11    0.21 ms      17 %
 *   range (server)       0.0046    2.488e-04         7.93e-05            0.05    0.09 ms       8 %
 *   * over the cells that took at least 0.5 ms; rms and max over all 9 cells
 *
 *   measured at 1000 members × 10000 partitions (first / one joins, ms): range 1.47 / 1.47,
 *   roundrobin 1.11 / 1.12, sticky 1.33 / 4.05, cooperative-sticky 1.37 / 3.82, uniform 1.35 / 3.56,
 *   server range 1.03 / 3.24; computeMs there: 1, 1, 3, 3, 4, 3
 *   scaled: 5000 × 50000: 8, 6, 18, 17, 19, 17 ms; 10000 × 100000: 16, 12, 37, 35, 40, 35 ms
 * </pre>
 * The linear fit cannot follow the sticky assignors' extra cost of owned partitions at 10000 partitions
 * with few members (up to 0.6 ms off), which is inside the rounding to whole ms. It scales the table to any
 * size: linearly in partitions, slightly faster than linearly in members; beyond 1000 members or 10000
 * partitions it extrapolates. The full table is in the README (assignment compute time).
 *
 * <p>What the numbers are: warm-JIT times on {@link #CALIBRATION_MACHINE}, which other builds shared
 * (load average about 2). They are small: a few ms at 1000 members × 10000 partitions, and 0 (no delay, the
 * model behaves exactly as without this cost) up to about 100 members × 1000 partitions, which covers every
 * library scenario (at most 25 × 650). A JVM
 * that runs an assignor rarely is much slower: the first call in a fresh JVM took 75 to 100 ms at 1000 ×
 * 10000, the second 15 to 75 ms. That suits the coordinator, which assigns for many groups all the time,
 * better than a classic leader, which assigns once per rebalance: for the client side these are a lower
 * bound.
 *
 * <p>Unknown names: a user's client-side assignor (any class name) gets the sticky assignor's coefficients,
 * the most expensive of Kafka's client-side ones at large sizes, as a conservative default; a server-side
 * name other than uniform and range (which the broker settings reject anyway) gets uniform's. A user's
 * class whose name() is one of Kafka's names gets that assignor's cost (the group knows it by that name).
 */
public final class AssignmentCost {

    /** The machine the coefficients were measured on. */
    public static final String CALIBRATION_MACHINE =
            "2 CPUs (nproc), AMD EPYC, OpenJDK 17.0.15 (Debian), Linux amd64";

    /**
     * One assignor's cost model: {@code timeMs = constantMs + perPartitionMs·partitions
     * + perMemberLog2Ms·members·log2(members)}; every coefficient is at least 0, so the cost never falls when
     * a group grows.
     */
    public record Coefficients(double constantMs, double perPartitionMs, double perMemberLog2Ms) {
        public Coefficients {
            for (double c : new double[] {constantMs, perPartitionMs, perMemberLog2Ms}) {
                if (!(c >= 0) || Double.isInfinite(c)) {
                    throw new IllegalArgumentException("cost coefficients must be finite and not negative: " + c);
                }
            }
        }

        public double timeMs(int members, int partitions) {
            return constantMs + perPartitionMs * partitions + perMemberLog2Ms * memberTerm(members);
        }
    }

    /** Kafka's client-side assignors, by the protocol name the leader runs. */
    public static final AssignmentCost CLIENT = new AssignmentCost(Map.of(
            "range", new Coefficients(0.006184, 1.069122e-04, 4.242941e-05),
            "roundrobin", new Coefficients(0.000000, 7.686800e-05, 3.195489e-05),
            "sticky", new Coefficients(0.000000, 2.670611e-04, 8.068151e-05),
            "cooperative-sticky", new Coefficients(0.000000, 2.551665e-04, 7.400046e-05)), "sticky");

    /** Kafka's server-side (KIP-848) assignors, by group.consumer.assignors name. */
    public static final AssignmentCost SERVER = new AssignmentCost(Map.of(
            ServerAssignors.UNIFORM, new Coefficients(0.033504, 3.014414e-04, 7.018383e-05),
            ServerAssignors.RANGE, new Coefficients(0.004625, 2.488405e-04, 7.927893e-05)), ServerAssignors.UNIFORM);

    private final Map<String, Coefficients> byName;
    private final Coefficients fallback;

    private AssignmentCost(Map<String, Coefficients> byName, String fallbackName) {
        this.byName = Map.copyOf(byName);
        this.fallback = byName.get(fallbackName);
    }

    /**
     * The whole milliseconds {@code assignorName} takes for a group of {@code members} over {@code partitions}
     * partitions (all the subscribed topics'), rounded to the nearest ms; 0 for an empty group.
     */
    public long computeMs(String assignorName, int members, int partitions) {
        if (members < 0 || partitions < 0) {
            throw new IllegalArgumentException("negative group size: " + members + " members, " + partitions + " partitions");
        }
        if (members == 0) {
            return 0;
        }
        return Math.round(coefficients(assignorName).timeMs(members, partitions));
    }

    /** The coefficients used for {@code assignorName} (the conservative default for an unknown name). */
    public Coefficients coefficients(String assignorName) {
        return byName.getOrDefault(assignorName, fallback);
    }

    /** members·log2(members), 0 for at most one member; StrictMath so every machine gets the same bits. */
    public static double memberTerm(int members) {
        return members <= 1 ? 0 : members * (StrictMath.log(members) / StrictMath.log(2));
    }
}
