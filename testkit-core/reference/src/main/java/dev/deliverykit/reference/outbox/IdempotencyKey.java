package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The identity of one business intent at a receiver: a tenant (namespace) and an id, rendered
 * {@code tenant:id}, for example {@code tenantA:reserve42}.
 *
 * <p>The key names the intent, not the request body: two travellers may send identical bodies (two
 * keys, two effects) and a retry may change a timestamp (one key, one effect). The tenant is part of
 * the identity, so {@code tenantA:reserve42} and {@code tenantB:reserve42} are two intents. A tenant may
 * not contain {@code ':'} (the rendering is split at the first one); the id may, which is why command
 * ids such as {@code reserve42:1:0} can be used as ids directly.
 *
 * <pre>{@code
 * IdempotencyKey key = new IdempotencyKey("tenantA", "reserve42");
 * key.render();                                   // "tenantA:reserve42"
 * IdempotencyKey.parse("tenantA:reserve42:1:0");  // tenant "tenantA", id "reserve42:1:0"
 * }</pre>
 *
 * @param tenant the namespace; non-blank, no {@code ':'}, no surrounding white space
 * @param id the intent's id within the tenant; non-blank, no surrounding white space
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record IdempotencyKey(String tenant, String id) {

    /** Longest tenant or id accepted, in characters. */
    public static final int MAX_PART_LENGTH = 200;

    /** Validates both parts; see the class description for the rules. */
    public IdempotencyKey {
        requireTenant(tenant);
        requirePart(id, "id");
    }

    /**
     * Parses a rendered key, splitting at the first {@code ':'}.
     *
     * @throws IllegalArgumentException if there is no {@code ':'} or a part is invalid
     */
    public static IdempotencyKey parse(String rendered) {
        Objects.requireNonNull(rendered, "rendered idempotency key must not be null");
        int colon = rendered.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("idempotency key '" + rendered + "' has no ':'; expected"
                    + " tenant:id, for example tenantA:reserve42");
        }
        return new IdempotencyKey(rendered.substring(0, colon), rendered.substring(colon + 1));
    }

    /** The key as {@code tenant:id}. */
    public String render() {
        return tenant + ":" + id;
    }

    @Override
    public String toString() {
        return render();
    }

    /** Checks a tenant by the rules of this record; used by clients that hold a tenant on its own. */
    static String requireTenant(String tenant) {
        requirePart(tenant, "tenant");
        if (tenant.indexOf(':') >= 0) {
            throw new IllegalArgumentException("idempotency key tenant '" + tenant + "' contains ':'; the"
                    + " rendered key tenant:id is split at the first ':', so remove it from the tenant"
                    + " (the id may contain ':')");
        }
        return tenant;
    }

    private static void requirePart(String value, String name) {
        Objects.requireNonNull(value, () -> "idempotency key " + name + " must not be null");
        if (value.isBlank()) {
            throw new IllegalArgumentException("idempotency key " + name + " must not be blank; give the"
                    + " stable identity of the business intent, for example tenantA:reserve42");
        }
        if (!value.strip().equals(value)) {
            throw new IllegalArgumentException("idempotency key " + name + " '" + value + "' starts or ends"
                    + " with white space, which would make it a different key from the trimmed one; trim it");
        }
        if (value.length() > MAX_PART_LENGTH) {
            throw new IllegalArgumentException("idempotency key " + name + " is " + value.length()
                    + " characters long, more than the limit of " + MAX_PART_LENGTH + "; use a shorter id");
        }
    }
}
