package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * A request the kit sends an idempotent receiver: the identity of a business intent ({@code tenant} and {@code key},
 * together the idempotency key) and its core parameters. The same key with the same parameters is a retry; the same
 * key with other parameters is a conflict; the same key under another tenant is another intent.
 *
 * @param tenant the namespace the key lives in, such as {@code tenantA}
 * @param key the intent's id within the tenant, such as {@code reserve-1}
 * @param parameters the core parameters, such as {@code {part=P-7, quantity=1}}, in a stable order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Request(String tenant, String key, Map<String, String> parameters) {

    /** Checks for nulls and keeps an unmodifiable copy of the parameters. */
    public Request {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(key, "key");
        parameters = Map.copyOf(parameters);
    }

    /** {@code tenant:key {parameters}}, the parameters sorted by name. */
    @Override
    public String toString() {
        return tenant + ":" + key + " " + new TreeMap<>(parameters);
    }
}
