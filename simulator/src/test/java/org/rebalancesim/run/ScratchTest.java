package org.rebalancesim.run;

import java.nio.file.*;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.*;

class ScratchTest {
    @Test
    void dump() throws Exception {
        String yaml = Files.readString(Path.of(System.getProperty("scratch.file")));
        RunResult r = SimRuns.runAll(yaml, "scratch");
        for (VariantResult v : r.variants()) {
            System.out.println("=== " + v.name() + " " + v.metrics());
            v.series().rebalances().forEach(s -> System.out.println("  span " + s));
            if (System.getProperty("scratch.states") != null)
                v.series().memberStates().forEach(s -> System.out.println("  st " + s));
            v.series().events().forEach(e -> System.out.println("  ev " + e.atMs() + " " + e.subject() + ": " + e.what()));
            System.out.println("  members " + v.members());
        }
    }
}
