package org.rebalancesim.assignor.calibration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealVector;
import org.rebalancesim.assignor.AssignmentCost;

/**
 * Fits AssignmentCost's model to the measured table, per assignor:
 * {@code timeMs = a + b·partitions + c·members·log2(members)}.
 *
 * <ul>
 *   <li>What is fitted: per cell, the slower of the two cases (first assignment, one member joins), so the
 *       model is the cost of a rebalance, the common case in a run, and errs on the slow side for a first
 *       assignment (the sticky assignors' first assignment is 2 to 4 times cheaper).</li>
 *   <li>How: ordinary least squares on the milliseconds (QR decomposition), unweighted, because the model is
 *       used rounded to whole ms and only large groups reach 1 ms: errors of small cells matter little.
 *       A coefficient that comes out negative is dropped (set to 0) and the rest refitted, until none is
 *       negative, so the model never goes below 0 and grows with members and partitions (a simple
 *       non-negative least squares).</li>
 *   <li>The error reported: root mean square and largest absolute error over the cells, in ms, and the
 *       largest relative error over the cells that took at least 0.5 ms.</li>
 * </ul>
 */
final class CostFit {

    private static final String[] TERMS = {"1", "partitions", "members*log2(members)"};
    /** Cells below this are left out of the relative error: their ms round to 0 or 1 either way. */
    private static final double RELATIVE_FROM_MS = 0.5;

    private CostFit() {
    }

    /** One assignor's fit. */
    record Fit(String assignor, double[] coefficients, double rmsMs, double maxAbsMs, double maxRelative) {
    }

    static String report(List<AssignorTiming.Measurement> measurements) {
        Map<String, List<AssignorTiming.Measurement>> byAssignor = new LinkedHashMap<>();
        measurements.forEach(m -> byAssignor.computeIfAbsent(m.assignor(), a -> new ArrayList<>()).add(m));
        StringBuilder out = new StringBuilder();
        out.append("fit per assignor: timeMs = a + b*partitions + c*members*log2(members), ")
                .append("least squares on max(first, join), negative coefficients dropped\n");
        List<Fit> fits = new ArrayList<>();
        for (Map.Entry<String, List<AssignorTiming.Measurement>> entry : byAssignor.entrySet()) {
            Fit fit = fit(entry.getKey(), entry.getValue());
            fits.add(fit);
            double[] c = fit.coefficients();
            out.append(String.format(Locale.ROOT, "%-20s a=%.6f b=%.6e c=%.6e   rms %.3f ms, max |error| %.3f ms, "
                            + "max relative error %.0f%% (cells >= %.1f ms)%n", fit.assignor(), c[0], c[1], c[2],
                    fit.rmsMs(), fit.maxAbsMs(), 100 * fit.maxRelative(), RELATIVE_FROM_MS));
        }
        out.append("\nfor AssignmentCost (CLIENT, then SERVER):\n");
        for (Fit fit : fits) {
            double[] c = fit.coefficients();
            String name = fit.assignor().replace(AssignorTiming.SERVER_PREFIX, "");
            out.append(String.format(Locale.ROOT, "    \"%s\", new Coefficients(%.6f, %.6e, %.6e),%n", name, c[0], c[1], c[2]));
        }
        return out.toString();
    }

    static Fit fit(String assignor, List<AssignorTiming.Measurement> cells) {
        double[] y = new double[cells.size()];
        double[][] x = new double[cells.size()][];
        for (int i = 0; i < cells.size(); i++) {
            AssignorTiming.Measurement m = cells.get(i);
            y[i] = Math.max(m.firstMs(), m.joinMs());
            x[i] = terms(m.members(), m.partitions());
        }
        boolean[] active = {true, true, true};
        double[] coefficients = solve(x, y, active);
        for (int round = 0; round < TERMS.length && mostNegative(coefficients) >= 0; round++) {
            active[mostNegative(coefficients)] = false;
            coefficients = solve(x, y, active);
        }
        double squares = 0;
        double maxAbs = 0;
        double maxRelative = 0;
        for (int i = 0; i < y.length; i++) {
            double predicted = 0;
            for (int t = 0; t < TERMS.length; t++) {
                predicted += coefficients[t] * x[i][t];
            }
            double error = predicted - y[i];
            squares += error * error;
            maxAbs = Math.max(maxAbs, Math.abs(error));
            if (y[i] >= RELATIVE_FROM_MS) {
                maxRelative = Math.max(maxRelative, Math.abs(error) / y[i]);
            }
        }
        return new Fit(assignor, coefficients, Math.sqrt(squares / y.length), maxAbs, maxRelative);
    }

    /** The same terms AssignmentCost evaluates. */
    static double[] terms(int members, int partitions) {
        return new double[] {1, partitions, AssignmentCost.memberTerm(members)};
    }

    /** Least squares over the active terms; inactive ones are 0. */
    private static double[] solve(double[][] x, double[] y, boolean[] active) {
        List<Integer> columns = new ArrayList<>();
        for (int t = 0; t < active.length; t++) {
            if (active[t]) {
                columns.add(t);
            }
        }
        double[] coefficients = new double[TERMS.length];
        if (columns.isEmpty()) {
            return coefficients;
        }
        double[][] reduced = new double[x.length][columns.size()];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < columns.size(); j++) {
                reduced[i][j] = x[i][columns.get(j)];
            }
        }
        RealVector solution = new QRDecomposition(new Array2DRowRealMatrix(reduced, false)).getSolver()
                .solve(new ArrayRealVector(y, false));
        for (int j = 0; j < columns.size(); j++) {
            coefficients[columns.get(j)] = solution.getEntry(j);
        }
        return coefficients;
    }

    /** The index of the most negative coefficient, or -1 when none is negative. */
    private static int mostNegative(double[] coefficients) {
        int index = -1;
        for (int t = 0; t < coefficients.length; t++) {
            if (coefficients[t] < 0 && (index < 0 || coefficients[t] < coefficients[index])) {
                index = t;
            }
        }
        return index;
    }
}
