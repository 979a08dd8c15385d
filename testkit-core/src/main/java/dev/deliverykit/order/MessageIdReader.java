package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Reads the message id from the message argument of an entry-point call, when neither its
 * {@code toString()} nor a public accessor or field gives it.
 *
 * <pre>{@code
 * EntryPoint.method("com.acme.Listener#onMessage(com.acme.Envelope)")
 *         .messageIdFrom(message -> ((Envelope) message).header("message-id"));
 * }</pre>
 *
 * <p>Called on the sending thread each time the entry point is called during a run; it must not call
 * the entry point itself.
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface MessageIdReader {

    /** The id of {@code message} (the entry point's message argument, never {@code null}). */
    String idOf(Object message);
}
