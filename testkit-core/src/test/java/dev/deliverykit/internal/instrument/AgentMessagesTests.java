package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentMessagesTests {

    @Test
    void attachFailed() {
        assertThat(AgentMessages.attachFailed("no attach provider", "-javaagent:kit.jar")
                        .sentences())
                .isEqualTo("The DeliveryKit boundary engine could not attach its Java agent to this JVM (no attach"
                        + " provider). Expected a JDK (not a JRE) that allows attaching to itself. Fix: start the JVM"
                        + " with -javaagent:kit.jar.");
    }

    @Test
    void dynamicAttach() {
        assertThat(AgentMessages.dynamicAttach("-javaagent:kit.jar", "-XX:+EnableDynamicAgentLoading")
                        .sentences())
                .isEqualTo("[DeliveryKit] WARNING: the boundary engine attached its Java agent to this running JVM."
                        + " JDK 21+ warns about dynamically loaded agents and a future JDK will refuse them. Fix: add"
                        + " -javaagent:kit.jar to the JVM options (with Maven: surefire <argLine>), or"
                        + " -XX:+EnableDynamicAgentLoading to allow dynamic loading explicitly.");
    }

    @Test
    void killedConnectionReused() {
        assertThat(AgentMessages.killedConnectionReused(
                                "Connection.createStatement()", "belonged to the process that crashed")
                        .sentences())
                .isEqualTo("DeliveryKit: Connection.createStatement() on a connection that belonged to the process"
                        + " that crashed and the crash closed. It was handed out again after the crash: a connection"
                        + " pool shared by the run and the restart gave recovery a connection of the dead process"
                        + " without validating it. Fix: build that DataSource in scenario.restart(...) (a fresh pool"
                        + " for the fresh process), or use a pool that validates connections on borrow (HikariCP pools"
                        + " are evicted by the kit).");
    }
}
