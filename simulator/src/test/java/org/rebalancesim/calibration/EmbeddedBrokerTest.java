package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("calibration")
class EmbeddedBrokerTest {

    @Test
    void startsOnLoopbackWithTheScenarioSettingsAndCleansUp() throws Exception {
        Path logDir = Path.of("target", "calibration-test", "broker");
        Path dataDir;
        Map<String, String> settings = Map.of("group.initial.rebalance.delay.ms", "500",
                "group.min.session.timeout.ms", "1000", "offsets.topic.num.partitions", "3");
        try (EmbeddedBroker broker = EmbeddedBroker.start(settings, logDir, false)) {
            System.out.println("embedded broker started in " + broker.startupMs() + " ms");
            assertTrue(broker.bootstrapServers().startsWith("127.0.0.1:"));
            try (Admin admin = Admin.create(broker.adminConfig())) {
                admin.createTopics(List.of(new NewTopic("t", 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
                assertEquals(2, admin.describeTopics(List.of("t")).allTopicNames().get(30, TimeUnit.SECONDS)
                        .get("t").partitions().size());
                ConfigResource node = new ConfigResource(ConfigResource.Type.BROKER, "1");
                Config config = admin.describeConfigs(List.of(node)).all().get(30, TimeUnit.SECONDS).get(node);
                assertEquals("1000", config.get("group.min.session.timeout.ms").value());
                assertEquals("500", config.get("group.initial.rebalance.delay.ms").value());
            }
            assertTrue(broker.isAlive());
            dataDir = broker.dataDir();
            assertTrue(Files.isDirectory(dataDir));
            assertTrue(Files.readString(logDir.resolve("broker.log")).contains("started"),
                    "the broker logs through slf4j");
        }
        assertFalse(Files.exists(dataDir), "close() deletes the data directory");
        assertFalse(Files.readString(logDir.resolve("broker.log")).contains(EmbeddedBroker.REQUEST_LOGGER),
                "no request log unless asked for");
    }

    /** With the request log, broker.log has a line per completed request, naming its client and API. */
    @Test
    void aRequestLogNamesEachClientsRequests() throws Exception {
        Path logDir = Path.of("target", "calibration-test", "broker-requests");
        Files.deleteIfExists(logDir.resolve("broker.log"));
        try (EmbeddedBroker broker = EmbeddedBroker.start(Map.of(), logDir, true)) {
            try (Admin admin = Admin.create(broker.adminConfig())) {
                admin.createTopics(List.of(new NewTopic("logged", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
            }
        }
        String log = Files.readString(logDir.resolve("broker.log"));
        assertTrue(log.contains(EmbeddedBroker.REQUEST_LOGGER), "request lines in broker.log");
        assertTrue(log.contains("\"requestApiKeyName\":\"CREATE_TOPICS\""), "the admin's CreateTopics among them");
    }
}
