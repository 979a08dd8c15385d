package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An injected failure of a watched method ({@link dev.deliverykit.Fault#FAILURE}) that declares no checked exception
 * the kit can make from a message: the code under test sees it as any unchecked failure of the call, and lives on.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InjectedFailureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    InjectedFailureException(String message) {
        super(message);
    }
}
