package org.rebalancesim.calibration;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.rebalancesim.scenario.Slowness;

/**
 * Reads the orchestrator's commands from stdin, one per line, on a daemon thread:
 * {@code slow <ms> [attempt]} (the next record processed takes that many scenario ms more; with
 * {@code attempt}, that processing attempt only), {@code subscribe
 * t1,t2} (scenario topic names) and {@code close}. The end of stdin means the orchestrator is gone,
 * and is taken as {@code close}, so no worker outlives its run.
 */
final class WorkerCommands {

    /** A {@code slow} command: the next record takes {@code ms} more, for its record or for that attempt. */
    interface SlowCommand {
        void slowNext(long ms, boolean attemptOnly);
    }

    private final InputStream in;
    private final SlowCommand slow;
    private final Consumer<List<String>> subscribe;
    private final Runnable close;
    private final Consumer<String> unknown;

    WorkerCommands(InputStream in, SlowCommand slow, Consumer<List<String>> subscribe, Runnable close,
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
                String[] words = line.substring(5).trim().split(" ");
                boolean attemptOnly = words.length == 2 && words[1].equals(Slowness.ATTEMPT.key());
                if (words.length > 2 || words.length == 2 && !attemptOnly) {
                    unknown.accept(line);
                    return;
                }
                slow.slowNext(Long.parseLong(words[0]), attemptOnly);
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
