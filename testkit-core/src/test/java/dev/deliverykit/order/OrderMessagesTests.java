package dev.deliverykit.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OrderMessagesTests {

    @Test
    void noMessageIn() {
        assertThat(OrderMessages.noMessageIn(" "))
                .isEqualTo("Cannot read a delivery order from \" \": it names no message. Expected message ids"
                        + " separated by commas, for example \"A3,A1,A2,A3\".");
    }

    @Test
    void emptyMessageIn() {
        assertThat(OrderMessages.emptyMessageIn("A1,,A2", 2, 3))
                .isEqualTo("Cannot read a delivery order from \"A1,,A2\": message 2 of 3 is empty. Expected message"
                        + " ids separated by single commas, for example \"A3,A1,A2,A3\".");
    }

    @Test
    void noMessages() {
        assertThat(OrderMessages.noMessages()).isEqualTo("A delivery order names at least one message; got none.");
    }

    @Test
    void noOrderIn() {
        assertThat(OrderMessages.noOrderIn("boundary=after-commit;hit=2", "order"))
                .isEqualTo("The replay key \"boundary=after-commit;hit=2\" has no order= entry. Expected entries"
                        + " separated by ';', one of them like order=A3,A1,A2,A3.");
    }

    @Test
    void repeatedToPermute() {
        assertThat(OrderMessages.repeatedToPermute(List.of("A1", "A3", "A1")))
                .isEqualTo("Cannot permute A1,A3,A1: an id is repeated. Expected distinct ids; to deliver a"
                        + " duplicate, write the order out, such as \"A3,A1,A2,A3\".");
    }

    @Test
    void nullId() {
        assertThat(OrderMessages.nullId("[A1, null]"))
                .isEqualTo("A message id in [A1, null] is null. Expected 1 to 128 characters without white space,"
                        + " ',', ';' or '='.");
    }

    @Test
    void idNotAllowed() {
        assertThat(OrderMessages.idNotAllowed("A1;A2", "\"A1;A2\""))
                .isEqualTo("The message id \"A1;A2\" in \"A1;A2\" is not allowed. Expected 1 to 128 characters"
                        + " without white space, control characters, ',', ';' or '=' (they separate orders and replay"
                        + " keys).");
    }

    @Test
    void tooManyToPermute() {
        assertThat(OrderMessages.tooManyToPermute(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9"))
                        .sentences())
                .isEqualTo("Cannot permute 9 ids (1,2,3,4,5,6,7,8,9): that is more than 8 ids. Fix: permute fewer"
                        + " messages, or pick the orders to test with DeliveryOrder.parse.");
    }

    @Test
    void runAlreadyActive() {
        assertThat(OrderMessages.runAlreadyActive(
                                "thread t, order=a at com.acme.Inbox#accept", "order=b", "com.acme.Inbox#accept")
                        .sentences())
                .isEqualTo("Another ordered-delivery run is active in this JVM (thread t, order=a at"
                        + " com.acme.Inbox#accept), so order=b at com.acme.Inbox#accept was not started. The kit's"
                        + " entry-point advice is JVM-wide, so runs cannot overlap. Expected one run at a time. Fix:"
                        + " run these tests sequentially (no parallel JUnit execution for them), and do not start a run"
                        + " inside another run's workload.");
    }

    @Test
    void unknownMessages() {
        assertThat(OrderMessages.replayable(
                        OrderMessages.unknownMessages(
                                "\"A4\", \"A5\"",
                                List.of("A4", "A5"),
                                "order=A1,A4,A2,A5",
                                List.of("A1", "A2", "A3"),
                                "com.acme.Transport#deliver(com.acme.Event)"),
                        "order=A1,A4,A2,A5"))
                .isEqualTo("Unknown messages \"A4\", \"A5\" in order=A1,A4,A2,A5: the workload sends only A1, A2, A3"
                        + " to com.acme.Transport#deliver(com.acme.Event); nothing was run.\n"
                        + "Expected: every id of the order to be one the workload sends.\n"
                        + "Fix: correct the order, or add A4, A5 to expectingMessages(...).\n"
                        + "Replay: order=A1,A4,A2,A5");
        assertThat(OrderMessages.unknownMessages("\"A4\"", List.of("A4"), "order=A4", List.of("A1"), "x")
                        .what())
                .startsWith("Unknown message \"A4\" in order=A4");
    }

    @Test
    void notHonoured() {
        assertThat(OrderMessages.replayable(
                        OrderMessages.notHonoured(
                                "message A2 never arrived.",
                                "Mode: HOLD_SENDERS, holding senders; message id: toString() of argument 0.\n"
                                        + "Arrived: A1. Delivered: A1.",
                                "a call of the entry point whose message id is A2.",
                                "make the workload send A2."),
                        "order=A1,A2"))
                .isEqualTo("Order not honoured: message A2 never arrived.\n"
                        + "Mode: HOLD_SENDERS, holding senders; message id: toString() of argument 0.\n"
                        + "Arrived: A1. Delivered: A1.\n"
                        + "Expected: a call of the entry point whose message id is A2.\n"
                        + "Fix: make the workload send A2.\n"
                        + "Replay: order=A1,A2");
    }

    @Test
    void endedWhileHeld() {
        assertThat(OrderMessages.endedWhileHeld(
                        "order=A2,A1", "com.acme.Transport#deliver", "A1 (message 2)", "main", null))
                .isEqualTo("The ordered delivery of order=A2,A1 at com.acme.Transport#deliver ended while A1"
                        + " (message 2) was held on thread main; its call was not delivered.");
    }

    @Test
    void endedWhileHeldAfterAFailure() {
        assertThat(OrderMessages.endedWhileHeld(
                        "order=A2,A1",
                        "com.acme.Transport#deliver",
                        "A1 (message 2)",
                        "main",
                        new IllegalStateException("boom")))
                .isEqualTo("The ordered delivery of order=A2,A1 at com.acme.Transport#deliver ended while A1"
                        + " (message 2) was held on thread main, because the workload threw"
                        + " java.lang.IllegalStateException: boom; its call was not delivered.");
    }

    @Test
    void timeoutNotPositive() {
        assertThat(OrderMessages.timeoutNotPositive(Duration.ZERO)).isEqualTo("the timeout must be positive, got PT0S");
    }

    @Test
    void expectedRepeat() {
        assertThat(OrderMessages.expectedRepeat(List.of("A1", "A2", "A1")))
                .isEqualTo("The expected messages A1,A2,A1 repeat an id. Expected each message the workload sends"
                        + " once.");
    }
}
