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
                .hasMessageStartingWith("idempotency key tenant must not be blank");
        assertThatThrownBy(() -> new IdempotencyKey("tenantA", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("idempotency key id must not be blank");
        assertThatThrownBy(() -> new IdempotencyKey("tenant:A", "reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("idempotency key tenant 'tenant:A' contains ':'");
        assertThatThrownBy(() -> new IdempotencyKey("tenantA ", "reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("starts or ends with white space");
        assertThatThrownBy(() -> new IdempotencyKey(null, "reserve42"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("idempotency key tenant must not be null");
        assertThatThrownBy(() -> new IdempotencyKey("tenantA", "x".repeat(201)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("201 characters long, more than the limit of 200");
        assertThatThrownBy(() -> IdempotencyKey.parse("reserve42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no ':'; expected tenant:id");
    }
}
