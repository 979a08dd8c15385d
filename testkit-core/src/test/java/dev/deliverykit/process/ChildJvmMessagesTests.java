package dev.deliverykit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChildJvmMessagesTests {

    @Test
    void blankMainClass() {
        assertThat(ChildJvmMessages.blankMainClass()).isEqualTo("main class name must not be blank");
    }

    @Test
    void timeoutNotPositive() {
        assertThat(ChildJvmMessages.timeoutNotPositive(Duration.ZERO)).isEqualTo("timeout must be positive, got PT0S");
    }

    @Test
    void blankClassPath() {
        assertThat(ChildJvmMessages.blankClassPath()).isEqualTo("the class path of a child JVM must not be blank");
    }

    @Test
    void notStarted() {
        assertThat(ChildJvmMessages.notStarted("child JVM a.Main", "error=2, No such file", "/opt/jdk/bin/java"))
                .isEqualTo("could not start child JVM a.Main: error=2, No such file. Check that /opt/jdk/bin/java"
                        + " exists and is executable.");
    }

    @Test
    void noTemporaryDirectory() {
        assertThat(ChildJvmMessages.noTemporaryDirectory("/tmp", "Permission denied")
                        .sentences())
                .isEqualTo("DeliveryKit could not create a temporary directory for a child JVM in /tmp (Permission"
                        + " denied). Fix: make that directory writable, or start the test JVM with"
                        + " -Djava.io.tmpdir=<a writable directory>.");
    }

    @Test
    void lineRefused() {
        assertThat(ChildJvmMessages.lineRefused(
                        "child JVM a.Main", "GO", "Broken pipe", ChildJvmMessages.output("READY\n", "")))
                .isEqualTo("child JVM a.Main did not accept \"GO\" on stdin (it has probably exited): Broken pipe\n"
                        + "--- stdout ---\n"
                        + "READY\n"
                        + "--- stderr ---\n");
    }

    @Test
    void failed() {
        assertThat(ChildJvmMessages.failed(
                        "child JVM a.Main", "exited with code 1", ChildJvmMessages.output("", "boom\n")))
                .isEqualTo(
                        "child JVM a.Main exited with code 1\n" + "--- stdout ---\n" + "--- stderr ---\n" + "boom\n");
    }

    @Test
    void output() {
        assertThat(ChildJvmMessages.output("READY\n", "warning\n"))
                .isEqualTo("--- stdout ---\n" + "READY\n" + "--- stderr ---\n" + "warning\n");
    }

    @Test
    void interruptedAwaiting() {
        assertThat(ChildJvmMessages.interruptedAwaiting("READY"))
                .isEqualTo("was interrupted while waiting for the line \"READY\"");
    }

    @Test
    void exitedBefore() {
        assertThat(ChildJvmMessages.exitedBefore("READY", 1))
                .isEqualTo("exited with code 1 without printing the line \"READY\"");
    }

    @Test
    void lineNotPrinted() {
        assertThat(ChildJvmMessages.lineNotPrinted("READY", 5000))
                .isEqualTo("did not print the line \"READY\" within its timeout of 5000 ms and was killed");
    }

    @Test
    void killedAfterTimeout() {
        assertThat(ChildJvmMessages.killedAfterTimeout(5000))
                .isEqualTo("was still running after its timeout of 5000 ms and was killed");
    }

    @Test
    void killedOnInterrupt() {
        assertThat(ChildJvmMessages.killedOnInterrupt())
                .isEqualTo("was killed because the waiting thread was interrupted");
    }

    @Test
    void tailBelowOne() {
        assertThat(ChildJvmMessages.tailBelowOne(0)).isEqualTo("maxLines must be at least 1, got 0");
    }

    @Test
    void handshakeBroken() {
        assertThat(ChildJvmMessages.handshakeBroken("GO", "READY", "STOP"))
                .isEqualTo("expected \"GO\" on standard input after \"READY\" but got \"STOP\"");
    }

    @Test
    void handshakeAtTheEnd() {
        assertThat(ChildJvmMessages.handshakeBroken("GO", "READY", null))
                .isEqualTo("expected \"GO\" on standard input after \"READY\" but got end of input");
    }

    @Test
    void handshakeUnreadable() {
        assertThat(ChildJvmMessages.handshakeUnreadable("GO")).isEqualTo("could not read \"GO\" from standard input");
    }
}
