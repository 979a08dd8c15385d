package dev.deliverykit.internal.instrument;

import dev.deliverykit.internal.text.Message;

/** The messages of the kit's agent: how it got into this JVM, and a connection it saw the crash close. */
final class AgentMessages {

    private AgentMessages() {}

    /** This JVM refused the agent's attach; {@code failure} says why. */
    static Message attachFailed(String failure, String javaagentOption) {
        return Message.of(
                "The DeliveryKit boundary engine could not attach its Java agent to this JVM (" + failure + ")",
                "a JDK (not a JRE) that allows attaching to itself",
                "start the JVM with " + javaagentOption);
    }

    /** The agent attached itself, which JDK 21+ warns about and a future JDK will refuse. */
    static Message dynamicAttach(String javaagentOption, String dynamicLoadingFlag) {
        return new Message(
                "[DeliveryKit] WARNING",
                "the boundary engine attached its Java agent to this running JVM. JDK 21+ warns about dynamically"
                        + " loaded agents and a future JDK will refuse them",
                null,
                "add " + javaagentOption + " to the JVM options (with Maven: surefire <argLine>), or "
                        + dynamicLoadingFlag + " to allow dynamic loading explicitly");
    }

    /**
     * Recovery used a connection the crash closed.
     *
     * @param operation the call recovery made, such as {@code Connection.createStatement()}
     * @param why what the connection belonged to
     */
    static Message killedConnectionReused(String operation, String why) {
        return new Message(
                "DeliveryKit",
                operation + " on a connection that " + why + " and the crash closed. It was handed out again after"
                        + " the crash: a connection pool shared by the run and the restart gave recovery a connection"
                        + " of the dead process without validating it",
                null,
                "build that DataSource in scenario.restart(...) (a fresh pool for the fresh process), or use a pool"
                        + " that validates connections on borrow (HikariCP pools are evicted by the kit)");
    }
}
