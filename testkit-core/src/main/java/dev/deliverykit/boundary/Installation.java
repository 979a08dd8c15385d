package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * How the engine got its Java agent in this JVM.
 *
 * @param source where the agent came from
 * @param installTime how long getting it took (a self-attach takes much longer than a {@code -javaagent})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Installation(Source source, Duration installTime) {

    /** Where the agent came from. */
    public enum Source {
        /** {@code -javaagent:<testkit-core jar>}: the recommended way; no attach, no warning. */
        KIT_JAVAAGENT,
        /**
         * An agent already installed through the kit's byte-buddy-agent. In the testkit-core jar that
         * byte-buddy-agent is relocated, so an agent installed through the user's (its own {@code -javaagent},
         * or Mockito's attach) is not seen: the engine attaches its own.
         */
        BYTE_BUDDY_AGENT,
        /** Attached to the running JVM; on JDK 21+ this printed one warning saying how to avoid it. */
        SELF_ATTACHED
    }
}
