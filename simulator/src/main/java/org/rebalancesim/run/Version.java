package org.rebalancesim.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The simulator's version, as Maven wrote it into the jar's resources. */
public final class Version {

    private Version() {
    }

    public static String current() {
        try (InputStream in = Version.class.getResourceAsStream("/rebalance-sim.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
