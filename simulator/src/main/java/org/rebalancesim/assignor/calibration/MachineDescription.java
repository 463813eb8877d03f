package org.rebalancesim.assignor.calibration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the timings were measured on: CPUs, CPU model, Java, heap. */
final class MachineDescription {

    private MachineDescription() {
    }

    static String describe() {
        Runtime runtime = Runtime.getRuntime();
        return String.format(Locale.ROOT, "machine: %d CPUs available to the JVM (nproc), CPU model: %s, %s %s (%s), "
                        + "max heap %d MiB, %s %s",
                runtime.availableProcessors(), cpuModel(), System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"), System.getProperty("java.vm.vendor"),
                runtime.maxMemory() / (1024 * 1024), System.getProperty("os.name"), System.getProperty("os.arch"));
    }

    /** The load average (/proc/loadavg: 1, 5, 15 minutes): other work on the machine inflates the timings. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).trim().split("\\s+");
            return "load average " + fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "load average unknown";
        }
    }

    /** The first "model name" of /proc/cpuinfo (Linux), else "unknown". */
    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return "unknown";
    }
}
