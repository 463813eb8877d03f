package org.rebalancesim.calibration;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Reads the orchestrator's commands from stdin, one per line, on a daemon thread:
 * {@code slow <ms>} (the next record processed takes that many scenario ms more), {@code subscribe
 * t1,t2} (scenario topic names) and {@code close}. The end of stdin means the orchestrator is gone,
 * and is taken as {@code close}, so no worker outlives its run.
 */
final class WorkerCommands {

    private final InputStream in;
    private final LongConsumer slow;
    private final Consumer<List<String>> subscribe;
    private final Runnable close;
    private final Consumer<String> unknown;

    WorkerCommands(InputStream in, LongConsumer slow, Consumer<List<String>> subscribe, Runnable close,
                   Consumer<String> unknown) {
        this.in = in;
        this.slow = slow;
        this.subscribe = subscribe;
        this.close = close;
        this.unknown = unknown;
    }

    void start() {
        Thread thread = new Thread(this::readAll, "calibration-worker-commands");
        thread.setDaemon(true);
        thread.start();
    }

    private void readAll() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                apply(line.trim());
            }
        } catch (IOException e) {
            // stdin broke: the orchestrator is gone
        }
        close.run();
    }

    private void apply(String line) {
        if (line.equals("close")) {
            close.run();
        } else if (line.startsWith("slow ")) {
            try {
                slow.accept(Long.parseLong(line.substring(5).trim()));
            } catch (NumberFormatException e) {
                unknown.accept(line);
            }
        } else if (line.startsWith("subscribe ")) {
            subscribe.accept(WorkerSettings.list(line.substring(10)));
        } else if (!line.isEmpty()) {
            unknown.accept(line);
        }
    }
}
