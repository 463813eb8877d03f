package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rocksdb.RocksDB;

class RocksDbClasspathTest {

    /** calibrate resolves the RocksDB the tests run Streams workers with: the root pom's rocksdb.version. */
    @Test
    void calibrateResolvesTheVersionTheBuildPins() {
        String jar = RocksDB.class.getProtectionDomain().getCodeSource().getLocation().toString();
        assertTrue(jar.contains("rocksdbjni-" + RocksDbClasspath.VERSION), jar);
        assertTrue(RocksDbClasspath.pom().contains("<version>" + RocksDbClasspath.VERSION + "</version>"));
    }
}
