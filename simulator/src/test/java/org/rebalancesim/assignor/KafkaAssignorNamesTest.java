package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.KafkaAssignor;

/** The one list of Kafka's client-side assignors agrees with Kafka's classes: their names and what they call themselves. */
class KafkaAssignorNamesTest {

    @Test
    void eachShortNameIsTheNameKafkasClassAdvertises() {
        List<ConsumerPartitionAssignor> kafkas = List.of(new RangeAssignor(), new RoundRobinAssignor(),
                new StickyAssignor(), new CooperativeStickyAssignor());
        assertEquals(kafkas.size(), KafkaAssignor.values().length);
        for (int i = 0; i < kafkas.size(); i++) {
            KafkaAssignor assignor = KafkaAssignor.values()[i];
            assertEquals(kafkas.get(i).name(), assignor.shortName());
            assertEquals(kafkas.get(i).getClass().getName(), assignor.className());
            assertEquals(Optional.of(assignor), KafkaAssignor.named(assignor.shortName()));
            assertEquals(Optional.of(assignor), KafkaAssignor.named(assignor.className()));
        }
        assertEquals(List.of("range", "roundrobin", "sticky", "cooperative-sticky"), KafkaAssignor.shortNames());
        assertEquals(Optional.empty(), KafkaAssignor.named("com.example.MyAssignor"));
    }

    @Test
    void theRegistryCreatesKafkasClassForEitherName() {
        Assignors assignors = Assignors.builtIn();
        for (KafkaAssignor assignor : KafkaAssignor.values()) {
            assertTrue(Assignors.isBuiltIn(assignor.shortName()) && Assignors.isBuiltIn(assignor.className()));
            assertEquals(assignor.shortName(), assignors.create(assignor.shortName()).name());
            assertEquals(assignor.shortName(), assignors.create(assignor.className()).name());
        }
        assertFalse(Assignors.isBuiltIn("uniform"), "a broker-side assignor is not a client's");
    }
}
