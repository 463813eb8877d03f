package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bounds the number of bars drawn on one row. A row with few intervals is drawn exactly; a row
 * with more than {@link #EXACT_LIMIT} (a long run of a busy member) is resampled to one bar per
 * {@link #BINS}-th of the time axis, each showing what covered most of that slice. That is all a
 * 1200 px wide chart can show anyway, and it keeps the PNG and SVG cost independent of run length.
 */
final class RowSpans {

    /** One bar of a row: {@code key} is a state or an owner. */
    record Span<K>(K key, long fromMs, long toMs) {
    }

    static final int EXACT_LIMIT = 600;
    static final int BINS = 1200;

    private RowSpans() {
    }

    /** The spans to draw for one row whose time axis runs from 0 to {@code endMs}. */
    static <K> List<Span<K>> bounded(List<Span<K>> spans, long endMs) {
        List<Span<K>> sorted = spans.stream().filter(s -> s.toMs() > s.fromMs())
                .sorted(Comparator.comparingLong((Span<K> s) -> s.fromMs()).thenComparingLong(Span::toMs)).toList();
        if (sorted.size() <= EXACT_LIMIT || endMs <= 0) {
            return sorted;
        }
        double binMs = (double) endMs / BINS;
        List<Map<K, Long>> coverage = new ArrayList<>(BINS);
        for (int b = 0; b < BINS; b++) {
            coverage.add(new LinkedHashMap<>());
        }
        for (Span<K> span : sorted) {
            int first = Math.max(0, Math.min(BINS - 1, (int) (span.fromMs() / binMs)));
            int last = Math.max(0, Math.min(BINS - 1, (int) ((span.toMs() - 1) / binMs)));
            for (int b = first; b <= last; b++) {
                long overlap = Math.min(span.toMs(), binEnd(b, binMs)) - Math.max(span.fromMs(), binStart(b, binMs));
                if (overlap > 0) {
                    coverage.get(b).merge(span.key(), overlap, Long::sum);
                }
            }
        }
        return runs(coverage, binMs);
    }

    /** Joins neighbouring bins with the same dominant key into one span; a bin mostly empty stays a gap. */
    private static <K> List<Span<K>> runs(List<Map<K, Long>> coverage, double binMs) {
        List<Span<K>> merged = new ArrayList<>();
        K current = null;
        int runStart = 0;
        for (int b = 0; b <= BINS; b++) {
            K key = b < BINS ? dominant(coverage.get(b), binEnd(b, binMs) - binStart(b, binMs)) : null;
            if (b == BINS || key == null || !key.equals(current)) {
                if (current != null) {
                    merged.add(new Span<>(current, binStart(runStart, binMs), binStart(b, binMs)));
                }
                current = key;
                runStart = b;
            }
        }
        return merged;
    }

    private static <K> K dominant(Map<K, Long> covered, long binLengthMs) {
        K best = null;
        long bestMs = binLengthMs - covered.values().stream().mapToLong(Long::longValue).sum();
        for (Map.Entry<K, Long> entry : covered.entrySet()) {
            if (entry.getValue() > bestMs) {
                best = entry.getKey();
                bestMs = entry.getValue();
            }
        }
        return best;
    }

    private static long binStart(int bin, double binMs) {
        return Math.round(bin * binMs);
    }

    private static long binEnd(int bin, double binMs) {
        return Math.round((bin + 1) * binMs);
    }
}
