package org.rebalancesim.assignor;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.partition.TaskId;

/**
 * A Streams member's subscription user data (Kafka's SubscriptionInfo, the fields the task assignor reads):
 * the process id and the task offset sums, from which the leader derives previous active tasks (offset sum
 * Task.LATEST_OFFSET) and the tasks with local state.
 */
final class StreamsSubscriptionCodec {

    /** What a decoded subscription says. */
    record Decoded(String processId, Map<TaskId, Long> taskOffsetSums) {
    }

    private StreamsSubscriptionCodec() {
    }

    static ByteBuffer encode(String processId, Map<TaskId, Long> taskOffsetSums) {
        byte[] id = processId.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.allocate(4 + id.length + 4 + taskOffsetSums.size() * 16);
        buffer.putInt(id.length).put(id).putInt(taskOffsetSums.size());
        new TreeMap<>(taskOffsetSums).forEach((task, sum) -> buffer.putInt(task.subtopology())
                .putInt(task.partition()).putLong(sum));
        return buffer.flip();
    }

    static Decoded decode(ByteBuffer data) {
        ByteBuffer buffer = data.duplicate();
        byte[] id = new byte[buffer.getInt()];
        buffer.get(id);
        int tasks = buffer.getInt();
        Map<TaskId, Long> sums = new TreeMap<>();
        for (int i = 0; i < tasks; i++) {
            sums.put(new TaskId(buffer.getInt(), buffer.getInt()), buffer.getLong());
        }
        return new Decoded(new String(id, StandardCharsets.UTF_8), sums);
    }
}
