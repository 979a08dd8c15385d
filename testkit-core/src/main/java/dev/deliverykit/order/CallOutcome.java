package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How the entry point's body ended for one delivery: it {@link Returned returned} a value, or it
 * {@link Threw threw}.
 *
 * <pre>{@code
 * result.deliveries().get(0).outcome();   // Returned[value=ACCEPTED]
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface CallOutcome permits CallOutcome.Returned, CallOutcome.Threw {

    /**
     * The body returned normally.
     *
     * @param value what it returned (boxed), {@code null} for {@code void}
     */
    record Returned(Object value) implements CallOutcome {
    }

    /**
     * The body threw an exception.
     *
     * @param failure what it threw
     */
    record Threw(Throwable failure) implements CallOutcome {

        /** Checks that the failure is given. */
        public Threw {
            Objects.requireNonNull(failure, "failure");
        }
    }

    /** {@link Threw} if {@code thrown} is not {@code null}, else {@link Returned} with {@code returned}. */
    static CallOutcome of(Object returned, Throwable thrown) {
        return thrown == null ? new Returned(returned) : new Threw(thrown);
    }
}
