package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentTest {

    @Test
    void theTestJvmGetsJaCoCosAgentFirstThenTheProjectsOptionsThenTheKitsAgent() {
        List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();

        assertTrue(
                arguments.get(0).matches("-javaagent:.*/org\\.jacoco\\.agent-[^/]*-runtime\\.jar=destfile=.*/target/jacoco\\.exec"),
                arguments.get(0));
        assertEquals(
                List.of("-Dfrom.the.pom=kept", System.getProperty("expected.agent"), "-Dafter.the.property=late"),
                arguments.subList(1, arguments.size()));
    }
}
