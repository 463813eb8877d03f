package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * task.assignor.class is checked before anything runs (Kafka finds out only at the leader's first assignment,
 * docs/kafka-semantics.md §26): a class that does not load, or is no KIP-924 TaskAssignor, is exit code 2 with the
 * file, the YAML path, the class and the fix; Kafka Streams' own StickyTaskAssignor validates and runs.
 */
class TaskAssignorClassCliTest {

    private static final String PATH = "consumers.config.task.assignor.class";

    @TempDir
    Path dir;

    private String err;

    private Path write(String taskAssignor) throws IOException {
        Path file = dir.resolve("kip924.yaml");
        Files.writeString(file, """
                name: kip924
                seed: 5
                duration: 1m
                group: {id: kip924}
                topics: [{name: orders, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {task.assignor.class: %s}
                  startup: {jvmStart: 1s}
                  topology: {subtopologies: [{source: [orders], stateful: true}]}
                """.formatted(taskAssignor));
        return file;
    }

    private int cli(String... args) {
        StringWriter errText = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(errText, true), args);
        err = errText.toString();
        return code;
    }

    @Test
    void anUnknownClassIsBadInputNamingThePathAndTheFix() throws IOException {
        Path file = write("com.example.NoSuchTaskAssignor");
        assertEquals(2, cli("validate", file.toString()), err);
        assertTrue(err.contains(file + ": " + PATH + ": class com.example.NoSuchTaskAssignor not found"), err);
        assertTrue(err.contains("--classpath"), err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
    }

    @Test
    void aClassThatIsNoTaskAssignorIsBadInput() throws IOException {
        Path file = write("java.lang.String");
        assertEquals(2, cli("run", file.toString(), "--out", dir.resolve("out").toString()), err);
        assertTrue(err.contains(PATH + ": java.lang.String does not implement "
                + "org.apache.kafka.streams.processor.assignment.TaskAssignor"), err);
    }

    @Test
    void kafkaStreamsOwnStickyTaskAssignorValidates() throws IOException {
        Path file = write("org.apache.kafka.streams.processor.assignment.assignors.StickyTaskAssignor");
        assertEquals(0, cli("validate", file.toString()), err);
    }
}
