package dev.deliverykit.junit5.internal.execution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InvariantFailureMessagesTests {

    @Test
    void declaredInvariantsViolated() {
        assertThat(InvariantFailureMessages.violated(2, 3, true, false, "crash after commit #1 and recovery:"))
                .isEqualTo("2 of 3 invariants declared with @CheckInvariant violated after crash after commit #1 and"
                        + " recovery:");
    }

    @Test
    void declaredInvariantsViolatedOrUncheckable() {
        assertThat(InvariantFailureMessages.violated(1, 2, true, true, "crash after commit #3 and recovery:"))
                .isEqualTo("1 of 2 invariants declared with @CheckInvariant violated or could not be checked after"
                        + " crash after commit #3 and recovery:");
    }

    @Test
    void theTestsOwnInvariantViolated() {
        assertThat(InvariantFailureMessages.violated(1, 1, false, false, "deliver A3,A2,A1:"))
                .isEqualTo("1 of 1 invariant violated after deliver A3,A2,A1:");
    }
}
