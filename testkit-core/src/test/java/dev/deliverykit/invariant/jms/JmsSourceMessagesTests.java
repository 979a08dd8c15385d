package dev.deliverykit.invariant.jms;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JmsSourceMessagesTests {

    @Test
    void blank() {
        assertThat(JmsSourceMessages.blank("queue")).isEqualTo("the queue of a JMS queue source must not be blank");
    }
}
