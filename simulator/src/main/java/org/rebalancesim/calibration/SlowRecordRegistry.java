package org.rebalancesim.calibration;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Slow records of a run, shared by every consumer process through one append-only text file, because
 * a slow record's slowness belongs to the record (a heavy or poison record): whoever processes it
 * again after a rebalance is slowed by it too. Lines:
 * <pre>
 * record &lt;partition&gt; &lt;offset&gt; &lt;ms&gt; [&lt;claimed pending id&gt;]   this record takes ms (scenario ms)
 * pending &lt;id&gt; &lt;partition&gt; &lt;ms&gt; [attempt]            the next record of the partition does
 * claim &lt;id&gt;                                           a worker took a pending attempt's slowness
 * </pre>
 * With {@code attempt} (a slow downstream, {@code slowness: attempt}) only the claiming worker's
 * processing is slow: the claim writes no {@code record} line, so the record is normal afterwards.
 * A worker marks the record it picks for {@code slow <ms>} with a {@code record} line; the
 * orchestrator writes {@code pending} for {@code slowRecord: {partition: ...}}, and the first worker
 * to process a record of that partition afterwards claims it. Each line is appended with one write to
 * a file opened for appending, which the OS keeps whole between processes of one machine.
 */
final class SlowRecordRegistry {

    /** {@code attemptOnly}: the claiming worker's attempt is slow, the record is not (a slow downstream). */
    private record Pending(String partition, long ms, boolean attemptOnly) {
    }

    private final Path file;
    private final Map<String, Map<Long, Long>> slowMsByPartition = new HashMap<>();
    private final Map<Integer, Pending> pending = new LinkedHashMap<>();
    private final Set<Integer> claimed = new HashSet<>();
    private long readBytes;

    SlowRecordRegistry(Path file) {
        this.file = file;
    }

    /** Orchestrator side: the next record of {@code partition} processed from now on takes {@code ms}. */
    static void addPending(Path file, int id, String partition, long ms, boolean attemptOnly) throws IOException {
        append(file, "pending " + id + " " + partition + " " + ms + (attemptOnly ? " attempt" : "") + "\n");
    }

    /** Reads what other processes appended since the last call (cheap when nothing changed). */
    void refresh() throws IOException {
        if (!Files.exists(file) || Files.size(file) <= readBytes) {
            return;
        }
        byte[] bytes;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(readBytes);
            bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, in.length() - readBytes)];
            in.readFully(bytes);
        }
        int end = lastNewline(bytes);
        if (end < 0) {
            return;
        }
        readBytes += end + 1;
        for (String line : new String(bytes, 0, end, StandardCharsets.UTF_8).split("\n")) {
            parse(line.trim());
        }
    }

    /** This worker picked the record at {@code offset} of {@code partition} for a slow-record command. */
    void mark(String partition, long offset, long ms) throws IOException {
        append(file, "record " + partition + " " + offset + " " + ms + "\n");
        slowMsByPartition.computeIfAbsent(partition, p -> new HashMap<>()).merge(offset, ms, Long::sum);
    }

    /** Extra scenario ms the record takes, 0 for an ordinary one; claims a pending partition entry. */
    long slowMsOf(String partition, long offset) throws IOException {
        Map<Long, Long> slow = slowMsByPartition.get(partition);
        if (slow != null && slow.containsKey(offset)) {
            return slow.get(offset);
        }
        for (Map.Entry<Integer, Pending> entry : pending.entrySet()) {
            if (entry.getValue().partition().equals(partition)) {
                int id = entry.getKey();
                long ms = entry.getValue().ms();
                pending.remove(id);
                claimed.add(id);
                if (entry.getValue().attemptOnly()) {
                    append(file, "claim " + id + "\n");
                    return ms;
                }
                append(file, "record " + partition + " " + offset + " " + ms + " " + id + "\n");
                slowMsByPartition.computeIfAbsent(partition, p -> new HashMap<>()).put(offset, ms);
                return ms;
            }
        }
        return 0;
    }

    private void parse(String line) {
        String[] parts = line.split(" ");
        if (parts[0].equals("record") && parts.length >= 4) {
            slowMsByPartition.computeIfAbsent(parts[1], p -> new HashMap<>())
                    .put(Long.parseLong(parts[2]), Long.parseLong(parts[3]));
            if (parts.length >= 5) {
                int id = Integer.parseInt(parts[4]);
                claimed.add(id);
                pending.remove(id);
            }
        } else if (parts[0].equals("pending") && (parts.length == 4 || parts.length == 5)) {
            int id = Integer.parseInt(parts[1]);
            if (!claimed.contains(id)) {
                pending.put(id, new Pending(parts[2], Long.parseLong(parts[3]), parts.length == 5));
            }
        } else if (parts[0].equals("claim") && parts.length == 2) {
            int id = Integer.parseInt(parts[1]);
            claimed.add(id);
            pending.remove(id);
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static void append(Path file, String line) throws IOException {
        Files.write(file, line.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }
}
