package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One {@link RecordSource#read(RecordRead)}: which invariant reads, in which part, and how a source fails the read
 * so that its message names both, as a failing JDBC read's message does.
 *
 * <pre>{@code
 * public RecordRows read(RecordRead read) {
 *     try (Connection connection = factory.createConnection()) {
 *         ...
 *     } catch (JMSException e) {
 *         throw read.unreachable("the broker refused the connection: " + e.getMessage(), e);
 *     }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordRead {

    private final String invariant;
    private final String role;
    private final String source;

    RecordRead(String invariant, String role, String source) {
        this.invariant = invariant;
        this.role = role;
        this.source = source;
    }

    /** The {@link Invariant#name()} of the invariant that reads. */
    public String invariant() {
        return invariant;
    }

    /** Its part in the invariant: {@code intents}, {@code effects}, {@code state}, {@code outbox} ... */
    public String role() {
        return role;
    }

    /**
     * The broker cannot be read (not reachable, refused, timed out): {@code invariant 'I' could not read its
     * effects from SOURCE: DETAIL}.
     *
     * @param detail what failed, and what to check
     * @param cause  the client's failure, or {@code null}
     */
    public InvariantSourceException unreachable(String detail, Throwable cause) {
        Objects.requireNonNull(detail, "detail");
        return InvariantSourceException.cannotRead(invariant, role, source, detail, cause);
    }

    /**
     * The records do not fit the source's definition (a topic or queue that does not exist, a record without its
     * key): {@code invariant 'I': its effects from SOURCE: DETAIL}.
     *
     * @param detail what does not fit, naming the record, and what to check
     */
    public InvariantDefinitionException wrongDefinition(String detail) {
        return wrongDefinition(detail, null);
    }

    /** {@link #wrongDefinition(String)} with the client's failure that revealed it, or {@code null}. */
    public InvariantDefinitionException wrongDefinition(String detail, Throwable cause) {
        Objects.requireNonNull(detail, "detail");
        return new InvariantDefinitionException(
                InvariantErrorMessages.wrongRead(invariant, role, source, detail), cause);
    }

    @Override
    public String toString() {
        return "the " + role + " of invariant '" + invariant + "' from " + source;
    }
}
