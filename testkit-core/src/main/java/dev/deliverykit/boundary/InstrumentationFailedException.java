package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The engine could not instrument a class it meant to: its boundaries may be missing. Raised when a run
 * ends, with every problem since the last report; never swallowed.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InstrumentationFailedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient List<String> problems;

    InstrumentationFailedException(String message, List<String> problems) {
        super(message);
        this.problems = List.copyOf(problems);
    }

    /** One line per problem: class, class loader, and error. */
    public List<String> problems() {
        return problems;
    }
}
