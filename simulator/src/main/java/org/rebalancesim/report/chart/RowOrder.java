package org.rebalancesim.report.chart;

import java.util.Comparator;
import org.rebalancesim.partition.TopicPartition;

/** The order of a chart's rows: pods c1, c2, ..., c10 (numbers compared as numbers), partitions by topic then number. */
final class RowOrder {

    /** Natural order: runs of digits compare by value, so "c9" comes before "c10". */
    static final Comparator<String> PODS = RowOrder::compareNatural;

    /** Kafka Streams tasks, sub-topology then partition, numbers as numbers ("0_9" before "0_10", then "1_0"). */
    static final Comparator<String> TASKS = RowOrder::compareNatural;

    /** Topic, then partition number ("orders-9" before "orders-10"), as TopicPartition orders them. */
    static final Comparator<String> PARTITIONS = RowOrder::comparePartitions;

    private RowOrder() {
    }

    private static int comparePartitions(String a, String b) {
        TopicPartition first = parse(a);
        TopicPartition second = parse(b);
        if (first != null && second != null) {
            return first.compareTo(second);
        }
        return compareNatural(a, b);
    }

    /** "orders-3" as a TopicPartition, or null when the name does not end in "-number". */
    private static TopicPartition parse(String name) {
        int dash = name.lastIndexOf('-');
        if (dash <= 0 || dash == name.length() - 1 || name.length() - dash > 10) {
            return null;
        }
        for (int i = dash + 1; i < name.length(); i++) {
            if (!isAsciiDigit(name.charAt(i))) {
                return null;
            }
        }
        return new TopicPartition(name.substring(0, dash), Integer.parseInt(name.substring(dash + 1)));
    }

    private static int compareNatural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (isAsciiDigit(x) && isAsciiDigit(y)) {
                int endA = digitsEnd(a, i);
                int endB = digitsEnd(b, j);
                int byValue = compareDigits(a.substring(i, endA), b.substring(j, endB));
                if (byValue != 0) {
                    return byValue;
                }
                i = endA;
                j = endB;
            } else if (x != y) {
                return Character.compare(x, y);
            } else {
                i++;
                j++;
            }
        }
        int byLength = Integer.compare(a.length() - i, b.length() - j);
        return byLength != 0 ? byLength : a.compareTo(b);
    }

    /** Compares two digit runs by value without parsing (they may exceed a long). */
    private static int compareDigits(String x, String y) {
        String a = stripLeadingZeros(x);
        String b = stripLeadingZeros(y);
        int byLength = Integer.compare(a.length(), b.length());
        return byLength != 0 ? byLength : a.compareTo(b);
    }

    private static String stripLeadingZeros(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }

    private static int digitsEnd(String s, int from) {
        int end = from;
        while (end < s.length() && isAsciiDigit(s.charAt(end))) {
            end++;
        }
        return end;
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
