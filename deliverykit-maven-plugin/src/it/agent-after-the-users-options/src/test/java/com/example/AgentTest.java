package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentTest {

    @Test
    void theTestJvmGetsTheKitsAgentAfterTheProjectsOptions() {
        assertEquals(
                List.of("-Dfrom.the.pom=kept", System.getProperty("expected.agent")),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
    }
}
