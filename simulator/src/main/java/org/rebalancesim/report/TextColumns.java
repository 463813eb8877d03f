package org.rebalancesim.report;

import java.util.List;
import java.util.function.IntPredicate;

/** Terminal tables: columns padded to their widest cell, numbers right-aligned, two spaces apart. */
public final class TextColumns {

    private TextColumns() {
    }

    /** @param rightAligned which column indexes hold numbers (right-aligned) */
    public static void append(StringBuilder out, List<String[]> rows, IntPredicate rightAligned) {
        int columns = rows.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String spaces = " ".repeat(widths[c] - row[c].length());
                line.append(rightAligned.test(c) ? spaces + row[c] : row[c] + spaces).append(c + 1 < columns ? "  " : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
