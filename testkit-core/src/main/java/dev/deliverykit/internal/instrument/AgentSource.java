package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** Where the engine's {@link java.lang.instrument.Instrumentation} came from. */
@API(status = INTERNAL, since = "0.1")
public enum AgentSource {
    /** {@code -javaagent:testkit-core.jar}: the kit's own premain ran at JVM start. */
    KIT_JAVAAGENT,
    /** An agent that shares its Instrumentation through the kit's byte-buddy-agent (relocated in the kit's jar). */
    BYTE_BUDDY_AGENT,
    /** Attached to the running JVM by byte-buddy-agent ({@code ByteBuddyAgent.install()}). */
    SELF_ATTACHED
}
