package dev.deliverykit.invariant.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class KafkaSourceMessagesTests {

    @Test
    void timeoutNotPositive() {
        assertThat(KafkaSourceMessages.timeoutNotPositive(Duration.ZERO))
                .isEqualTo("the timeout of a Kafka read must be positive, not PT0S");
    }

    @Test
    void endNotReached() {
        assertThat(KafkaSourceMessages.endNotReached("{orders-0=3}"))
                .isEqualTo("the records up to the end offsets {orders-0=3} were not read");
    }

    @Test
    void blank() {
        assertThat(KafkaSourceMessages.blank("topic")).isEqualTo("the topic of a Kafka topic source must not be blank");
    }
}
