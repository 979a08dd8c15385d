package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InjectedFailureMessagesTests {

    @Test
    void lostBefore() {
        assertThat(InjectedFailureMessages.lostBefore("executeUpdate"))
                .isEqualTo("the connection was lost before executeUpdate reached the database: nothing of it was"
                        + " applied, and its open transaction rolled back");
    }

    @Test
    void lostAfterCommit() {
        assertThat(InjectedFailureMessages.lostAfterCommit())
                .isEqualTo("the database applied the commit, then the connection was lost before its answer: the"
                        + " commit's outcome is unknown to the caller (it was applied)");
    }

    @Test
    void lostAfter() {
        assertThat(InjectedFailureMessages.lostAfter("executeUpdate"))
                .isEqualTo("the database ran executeUpdate, then the connection was lost before its answer: an open"
                        + " transaction rolled back; in auto-commit the statement was applied");
    }

    @Test
    void connectionLost() {
        assertThat(InjectedFailureMessages.connectionLost("after commit #1", "the database applied the commit"))
                .isEqualTo("Connection lost (a failure injected by DeliveryKit at after commit #1; the process lives"
                        + " on): the database applied the commit.");
    }

    @Test
    void outsideBefore() {
        assertThat(InjectedFailureMessages.outsideBefore("the HTTP request POST /orders"))
                .isEqualTo("the HTTP request POST /orders failed before anything left the process");
    }

    @Test
    void outsideAfter() {
        assertThat(InjectedFailureMessages.outsideAfter("the HTTP request POST /orders"))
                .isEqualTo("the HTTP request POST /orders left the process, then failed before it returned");
    }

    @Test
    void methodBefore() {
        assertThat(InjectedFailureMessages.methodBefore("a.Courier#send()"))
                .isEqualTo("a.Courier#send() failed before it ran");
    }

    @Test
    void methodAfter() {
        assertThat(InjectedFailureMessages.methodAfter("a.Courier#send()"))
                .isEqualTo("a.Courier#send() ran (its effect happened), then failed as on a timeout before its"
                        + " answer");
    }

    @Test
    void methodAfterThrowing() {
        assertThat(InjectedFailureMessages.methodAfterThrowing("a.Courier#send()", new IllegalStateException("boom")))
                .isEqualTo("a.Courier#send() ended with java.lang.IllegalStateException: boom, then failed as on a"
                        + " timeout before its answer");
    }

    @Test
    void injected() {
        assertThat(InjectedFailureMessages.injected(
                        "a.Courier#send() failed before it ran", "entry of a.Courier#send #1"))
                .isEqualTo("a.Courier#send() failed before it ran (a failure injected by DeliveryKit at entry of"
                        + " a.Courier#send #1; the process lives on).");
    }
}
