package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * DeliveryKit itself failed while observing a JDBC call or method: a bug of the kit, never of the code
 * under test. The call went on unchanged (the kit never throws its own failures into the code under test),
 * but the run's verdict cannot be trusted, so the run fails with this.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class KitFailureException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    KitFailureException(String message, Throwable cause) {
        super(message, cause);
    }
}
