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

    @Test
    void runsOverlap() {
        assertThat(SetupMessages.runsOverlap("main").sentences())
                .isEqualTo("Another in-process boundary run is active in this JVM (on thread main); the agent is"
                        + " JVM-wide, so in-process runs cannot overlap. Expected one run at a time. Fix: run these tests"
                        + " sequentially (no parallel JUnit execution for them), or use crashInChildProcess, which may"
                        + " run in parallel.");
    }

    @Test
    void bootstrapMethod() {
        assertThat(SetupMessages.bootstrapMethod("entry of java.lang.String#trim", "java.lang.String")
                        .sentences())
                .isEqualTo("Cannot select entry of java.lang.String#trim: java.lang.String is a JDK class loaded by the"
                        + " bootstrap class loader, which the engine does not instrument. Expected an application or"
                        + " library class. Fix: select the method of your code that calls it.");
    }

    @Test
    void undeclaredMethod() {
        assertThat(SetupMessages.undeclaredMethod(
                                "entry of a.Courier#deliver",
                                "a.Courier",
                                "deliver(int)",
                                List.of("send(java.lang.String)", "sent()"))
                        .sentences())
                .isEqualTo("Cannot select entry of a.Courier#deliver: a.Courier declares no method deliver(int) with a"
                        + " body. Its declared methods: send(java.lang.String), sent(). Expected the class that"
                        + " declares and implements the method (not an interface, nor a subclass that inherits it)."
                        + " Fix: name that class, or correct the method name or parameter types.");
    }

    @Test
    void undeclaredMethodOfAClassWithoutMethods() {
        assertThat(SetupMessages.undeclaredMethod("entry of a.Empty#run", "a.Empty", "run", List.of())
                        .what())
                .endsWith("Its declared methods: none");
    }
}
