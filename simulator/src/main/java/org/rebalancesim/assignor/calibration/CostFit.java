package org.rebalancesim.assignor.calibration;

import java.util.List;

/** Fits the cost model per assignor. */
final class CostFit {

    private CostFit() {
    }

    static String report(List<AssignorTiming.Measurement> measurements) {
        return "";
    }
}
