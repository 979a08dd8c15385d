package dev.deliverykit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdapterMessagesTests {

    @Test
    void readFailed() {
        assertThat(AdapterMessages.readFailed(
                        "the contract adapter's read of the database's product name", "connection refused"))
                .isEqualTo("the contract adapter's read of the database's product name failed: connection refused");
    }
}
