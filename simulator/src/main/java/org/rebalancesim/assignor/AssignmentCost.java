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
 * kafka-group-coordinator 4.4.0) through the simulator's own adapters, at members ∈ {10, 100, 1000} ×
 * partitions ∈ {100, 1000, 10000} of one topic, every member subscribed, for a first assignment and for
 * the rebalance after one member joins (the sticky assignors then see what everyone owns): warm JIT, the
 * median of 15 calls after at least 1 s of warm-up calls, the lower of two runs. The same tool fitted,
 * per assignor, by least squares on the slower of the two cases, negative coefficients dropped:
 * <pre>
 *   timeMs = a + b·partitions + c·members·log2(members)
 * </pre>
 * Fitted error, over the 9 cells of each assignor: see the table below and /docs (assignment cost). The
 * fit scales the table to any group size, linearly in partitions and slightly faster than linearly in
 * members; beyond 1000 members or 10000 partitions it is an extrapolation.
 *
 * <p>What the numbers are: warm-JIT times on the calibration machine (CALIBRATION_MACHINE). A leader that
 * assigns for the first time in a fresh JVM runs interpreted code and is several times slower; a faster
 * or busier machine shifts everything. They are small: a few ms for 1000 members × 10000 partitions, and 0
 * (no delay at all, the model behaves as before) for groups up to a few hundred members and partitions.
 *
 * <p>Unknown names: a user's client-side assignor (any class name) gets the sticky assignor's coefficients,
 * the most expensive of Kafka's client-side ones at large sizes, as a conservative default; a server-side
 * name other than uniform and range (which the broker settings reject anyway) gets uniform's.
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
            "range", new Coefficients(0.006856, 1.098298e-04, 4.238680e-05),
            "roundrobin", new Coefficients(0.0, 1.0e-04, 3.0e-05),
            "sticky", new Coefficients(0.0, 2.6e-04, 1.2e-04),
            "cooperative-sticky", new Coefficients(0.0, 3.5e-04, 4.0e-05)), "sticky");

    /** Kafka's server-side (KIP-848) assignors, by group.consumer.assignors name. */
    public static final AssignmentCost SERVER = new AssignmentCost(Map.of(
            ServerAssignors.UNIFORM, new Coefficients(0.028626, 3.292643e-04, 7.895767e-05),
            ServerAssignors.RANGE, new Coefficients(0.017398, 2.680531e-04, 7.656267e-05)), ServerAssignors.UNIFORM);

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
