package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A child JVM's JDBC connections reached a local server that the test JVM's never reached: most likely a second
 * server the child started itself (its test class's {@code @BeforeAll} or a static field runs again there), whose
 * writes the test JVM's recovery and invariants cannot see, so the run proves nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SecondServerError extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final List<String> servers;

    SecondServerError(String message, List<String> servers) {
        super(message);
        this.servers = List.copyOf(servers);
    }

    /** {@code 127.0.0.1:54321}: each server only the child reached. */
    public List<String> servers() {
        return servers;
    }
}
