package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.file.Path;

/**
 * How a worker process starts and ends: its one argument, the settings file the orchestrator wrote; its
 * event log on stdout; exit 0 after a close, 1 after a fatal error, 2 for bad arguments or settings.
 */
final class WorkerMain {

    /** A worker made from its settings, ready to run. */
    interface Worker {
        /** Runs until closed; returns the exit code. */
        int run() throws Exception;
    }

    /** Makes the worker; may read more of the settings file. */
    interface Factory {
        Worker create(Path file, WorkerSettings settings, WorkerEvents events) throws IOException;
    }

    private WorkerMain() {
    }

    static void run(String name, String[] args, Factory factory) {
        if (args.length != 1) {
            System.err.println("usage: " + name + " SETTINGS.properties (written by rebalance-sim calibrate)");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        Worker worker;
        try {
            WorkerSettings settings = WorkerSettings.read(file);
            worker = factory.create(file, settings, WorkerEvents.toStdout(settings));
        } catch (IOException | RuntimeException e) {
            System.err.println(name + ": cannot read " + args[0] + ": " + e);
            System.exit(2);
            return;
        }
        int code;
        try {
            code = worker.run();
        } catch (Throwable e) {
            // Even the event log failed (stdout is gone): exit anyway, Kafka's threads must not keep the JVM up.
            e.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }
}
