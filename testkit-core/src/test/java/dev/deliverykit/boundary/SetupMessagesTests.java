package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SetupMessagesTests {

    @Test
    void unknownBoundary() {
        assertThat(SetupMessages.unknownBoundary("ledger", "after-outbox-insrt", List.of("after-outbox-insert", "x"))
                        .sentences())
                .isEqualTo(
                        "Unknown boundary \"after-outbox-insrt\" in catalogue \"ledger\". Known boundaries:"
                                + " after-outbox-insert, x. Expected one of these names. Fix: correct the name, or add the"
                                + " boundary with BoundaryCatalogue.builder(\"ledger\").add(\"after-outbox-insrt\", selector).");
    }

    @Test
    void unknownBoundaryOfAnEmptyCatalogue() {
        assertThat(SetupMessages.unknownBoundary("empty", "a", List.of()).what())
                .endsWith("Known boundaries: none");
    }

    @Test
    void notRunnableInChild() {
        assertThat(SetupMessages.notRunnableInChild(String.class).sentences())
                .isEqualTo("java.lang.String cannot be run in a child JVM: the child creates the workload itself, so it"
                        + " must be a public, non-abstract, top-level or static nested class with a public no-argument"
                        + " constructor. Fix: make it so, and pass data as arguments.");
    }

    @Test
    void unusableDuration() {
        assertThat(SetupMessages.unusableDuration("deliverykit.process.stop-timeout", "soon")
                        .sentences())
                .isEqualTo("-Ddeliverykit.process.stop-timeout=soon cannot be used: expected a positive number with an"
                        + " optional unit ms, s (default), m or h, for example 90 s. Fix: correct or remove the system"
                        + " property.");
    }
}
