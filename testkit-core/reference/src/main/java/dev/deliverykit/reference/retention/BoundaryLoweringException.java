package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Thrown when {@link RetentionStore#closeAndCollect} is asked to move a namespace's
 * {@code closed_through} below its current value. Nothing was changed.
 *
 * <p>The boundary is monotonic because lowering it would re-admit requests of epochs that were sealed
 * and whose receipts are gone: they would execute again.
 *
 * <pre>{@code
 * try {
 *     store.closeAndCollect("demo", 1);   // boundary is already 3
 * } catch (BoundaryLoweringException e) {
 *     e.closedThrough();                  // 3
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class BoundaryLoweringException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String namespace;
    private final long requestedThrough;
    private final long closedThrough;

    BoundaryLoweringException(String namespace, long requestedThrough, long closedThrough, String database) {
        super("close and collect refused: namespace '" + namespace + "' in " + database
                + " is already closed through epoch " + closedThrough + ", and closing through epoch "
                + requestedThrough + " would lower that boundary and re-admit sealed epochs whose receipts"
                + " are gone. The boundary only moves up; nothing was changed. Pass an epoch >= "
                + closedThrough + ".");
        this.namespace = namespace;
        this.requestedThrough = requestedThrough;
        this.closedThrough = closedThrough;
    }

    /** The namespace whose boundary was to be lowered. */
    public String namespace() {
        return namespace;
    }

    /** The epoch the caller asked to close through. */
    public long requestedThrough() {
        return requestedThrough;
    }

    /** The namespace's current, unchanged {@code closed_through}. */
    public long closedThrough() {
        return closedThrough;
    }
}
