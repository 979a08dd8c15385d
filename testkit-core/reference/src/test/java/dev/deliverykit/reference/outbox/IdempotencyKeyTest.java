package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    @Test
    void rendersAsTenantColonIdAndParsesAtTheFirstColon() {
        assertThat(new IdempotencyKey("tenantA", "reserve42").render()).isEqualTo("tenantA:reserve42");
        assertThat(new IdempotencyKey("tenantA", "reserve42")).hasToString("tenantA:reserve42");
        assertThat(IdempotencyKey.parse("tenantA:reserve42:1:0"))
                .isEqualTo(new IdempotencyKey("tenantA", "reserve42:1:0"));
    }

    @Test
    void theTenantIsPartOfTheIdentity() {
        assertThat(new IdempotencyKey("tenantA", "reserve42")).isNotEqualTo(new IdempotencyKey("tenantB", "reserve42"));
    }

    @Test
    void invalidPartsAreRejectedWithSpecificMessages() {
        assertThatThrownBy(() -> new IdempotencyKey(" ", "reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idempotency key tenant must not be blank; give the stable identity of the business"
                        + " intent, for example tenantA:reserve42");
        assertThatThrownBy(() -> new IdempotencyKey("tenantA", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idempotency key id must not be blank; give the stable identity of the business intent,"
                        + " for example tenantA:reserve42");
        assertThatThrownBy(() -> new IdempotencyKey("tenant:A", "reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idempotency key tenant 'tenant:A' contains ':'; the rendered key tenant:id is split at"
                        + " the first ':', so remove it from the tenant (the id may contain ':')");
        assertThatThrownBy(() -> new IdempotencyKey("tenantA ", "reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idempotency key tenant 'tenantA ' starts or ends with white space, which would make it a"
                        + " different key from the trimmed one; trim it");
        assertThatThrownBy(() -> new IdempotencyKey(null, "reserve42"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("idempotency key tenant must not be null");
        assertThatThrownBy(() -> new IdempotencyKey("tenantA", "x".repeat(201)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("idempotency key id is 201 characters long, more than the limit of 200; use a shorter id");
        assertThatThrownBy(() -> IdempotencyKey.parse("reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "idempotency key 'reserve42' has no ':'; expected tenant:id, for example tenantA:reserve42");
    }
}
