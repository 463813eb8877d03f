package org.rebalancesim.sweep;

import java.util.List;
import org.rebalancesim.scenario.Scenario;

/**
 * Everything a sweep will run: cells × variants × seeds. Run {@code i} is numbered
 * {@code (cell × variants + variant) × seeds + seedIndex}, so results can be stored by number and
 * read back in one fixed order whatever thread ran them.
 *
 * @param base      the scenario as the file has it (name, file, sha256, default seed)
 * @param variants  the variants run in every cell, in file order
 * @param firstSeed the seed of the first run of each (cell, variant); run k uses firstSeed + k
 */
public record SweepPlan(Scenario base, List<SweepParameter> parameters, List<SweepCell> cells,
                        List<String> variants, long firstSeed, int seeds) {

    public SweepPlan {
        parameters = List.copyOf(parameters);
        cells = List.copyOf(cells);
        variants = List.copyOf(variants);
    }

    /** Where one run sits in the grid. */
    public record RunId(SweepCell cell, String variant, int seedIndex, long seed) {
    }

    public int runCount() {
        return cells.size() * variants.size() * seeds;
    }

    public long lastSeed() {
        return firstSeed + seeds - 1;
    }

    public RunId run(int index) {
        int seedIndex = index % seeds;
        int variantIndex = (index / seeds) % variants.size();
        int cellIndex = index / seeds / variants.size();
        return new RunId(cells.get(cellIndex), variants.get(variantIndex), seedIndex, firstSeed + seedIndex);
    }

    /** The number of the first run of (cell, variant); its seeds follow in order. */
    public int firstRun(int cellIndex, int variantIndex) {
        return (cellIndex * variants.size() + variantIndex) * seeds;
    }
}
