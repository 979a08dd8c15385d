package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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

    @Test
    void badBoundaryName() {
        assertThat(SetupMessages.badBoundaryName("after outbox"))
                .isEqualTo("\"after outbox\" is not a boundary name: use letters, digits and . _ : - only, starting"
                        + " with a letter or digit (for example after-outbox-insert), so that replay keys like"
                        + " boundary=after-outbox-insert;hit=1 stay unambiguous");
    }

    @Test
    void unnamedInCatalogue() {
        assertThat(SetupMessages.unnamedInCatalogue("ledger", "after commit"))
                .isEqualTo("catalogue \"ledger\" needs named boundaries, got the unnamed after commit; use"
                        + " Boundary.named(name, selector)");
    }

    @Test
    void nameTakenInCatalogue() {
        assertThat(SetupMessages.nameTakenInCatalogue("ledger", "after-insert", "after statement matching /INSERT/"))
                .isEqualTo("catalogue \"ledger\" already has a boundary named \"after-insert\" (after statement"
                        + " matching /INSERT/); give each boundary its own name");
    }

    @Test
    void nameTakenInWatch() {
        assertThat(SetupMessages.nameTakenInWatch("after-insert", "after commit", "before commit"))
                .isEqualTo("two different boundaries are both named \"after-insert\": after commit and before"
                        + " commit; give them different names");
    }

    @Test
    void catalogueKeyAsSelector() {
        assertThat(SetupMessages.catalogueKeyAsSelector("boundary=after-insert;hit=1"))
                .isEqualTo("\"boundary=after-insert;hit=1\" names a catalogue boundary, not a selector; read it with"
                        + " its catalogue");
    }

    @Test
    void placeNamedTwice() {
        assertThat(SetupMessages.placeNamedTwice("selector=after-commit within a.B#c;within=a.B#c;hit=1"))
                .isEqualTo("\"selector=after-commit within a.B#c;within=a.B#c;hit=1\" names a place twice: in its"
                        + " spec and as within=; keep one");
    }

    @Test
    void notACrashKey() {
        assertThat(SetupMessages.notACrashKey("order=A1"))
                .isEqualTo("\"order=A1\" is not a replay key; expected boundary=NAME;hit=N as printed by"
                        + " CrashResult.replayKey(), for example boundary=after-outbox-insert;hit=1");
    }

    @Test
    void hitBelowOne() {
        assertThat(SetupMessages.hitBelowOne(0)).isEqualTo("hits are counted from 1, got occurrence 0");
    }

    @Test
    void blankDatabasePrefix() {
        assertThat(SetupMessages.blankDatabasePrefix())
                .isEqualTo("a database of another process is named by the start of its JDBC URL, such as"
                        + " \"jdbc:sqlite:/tmp/receiver.db\"; got a blank prefix");
    }

    @Test
    void timeoutNotPositive() {
        assertThat(SetupMessages.timeoutNotPositive(Duration.ZERO)).isEqualTo("timeout must be positive, got PT0S");
    }
}
