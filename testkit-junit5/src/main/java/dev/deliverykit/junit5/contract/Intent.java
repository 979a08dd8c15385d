package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A business intent the kit asks a producer (or a whole pipeline) to record: a new order, a reservation. The adapter
 * maps it onto its service's command, such as {@code placeOrder(key, ...)}; the same key twice is a retry of the same
 * intent, never a second one.
 *
 * @param key the intent's identity, such as {@code o-1}: letters, digits and {@code -}
 * @param parameters what the intent carries, such as {@code {customer=alice, amount=1250}}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Intent(String key, Map<String, String> parameters) {

    /** Checks for nulls and keeps an unmodifiable copy of the parameters. */
    public Intent {
        Objects.requireNonNull(key, "key");
        parameters = Map.copyOf(parameters);
    }

    /** {@code key}. */
    @Override
    public String toString() {
        return key;
    }
}
