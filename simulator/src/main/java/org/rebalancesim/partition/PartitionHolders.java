package org.rebalancesim.partition;

import java.util.Arrays;

/**
 * The pods that believe they hold one partition, each with the generation (or member epoch) it holds it
 * in, sorted by pod. Almost always one pod, during a zombie's overlap two or three: two short arrays
 * searched linearly instead of a TreeMap, whose entries were allocated anew for every partition at every
 * rebalance.
 */
public final class PartitionHolders {

    private String[] pods = new String[1];
    private int[] generations = new int[1];
    private int size;

    /** What a holder is visited with. */
    public interface Visitor {
        void visit(String pod, int generation);
    }

    private int indexOf(String pod) {
        for (int i = 0; i < size; i++) {
            if (pods[i].equals(pod)) {
                return i;
            }
        }
        return -1;
    }

    /** The pod holds the partition in {@code generation} (replacing the generation it held it in). */
    public void put(String pod, int generation) {
        int index = indexOf(pod);
        if (index >= 0) {
            generations[index] = generation;
            return;
        }
        if (size == pods.length) {
            pods = Arrays.copyOf(pods, size * 2);
            generations = Arrays.copyOf(generations, size * 2);
        }
        int at = size;
        while (at > 0 && pods[at - 1].compareTo(pod) > 0) {
            pods[at] = pods[at - 1];
            generations[at] = generations[at - 1];
            at--;
        }
        pods[at] = pod;
        generations[at] = generation;
        size++;
    }

    /** @return whether the pod held the partition */
    public boolean remove(String pod) {
        int index = indexOf(pod);
        if (index < 0) {
            return false;
        }
        System.arraycopy(pods, index + 1, pods, index, size - index - 1);
        System.arraycopy(generations, index + 1, generations, index, size - index - 1);
        pods[--size] = null;
        return true;
    }

    public int size() {
        return size;
    }

    /** Whether two holders hold the partition in the same generation. */
    public boolean sharesGeneration() {
        for (int i = 0; i < size; i++) {
            for (int j = i + 1; j < size; j++) {
                if (generations[i] == generations[j]) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every holder, in pod order. */
    public void forEach(Visitor visitor) {
        for (int i = 0; i < size; i++) {
            visitor.visit(pods[i], generations[i]);
        }
    }
}
