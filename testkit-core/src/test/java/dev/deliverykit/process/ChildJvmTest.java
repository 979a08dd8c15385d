package dev.deliverykit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildJvmTest {

    @Test
    void runReturnsExitCodeAndBothOutputs() {
        ChildResult result =
                ChildJvm.mainClass(EchoChild.class).args("7", "hello").run();

        assertThat(result.exitCode()).isEqualTo(7);
        assertThat(result.stdoutLines()).containsExactly("7", "hello");
        assertThat(result.stderr()).isEqualTo("to stderr\n");
    }

    @Test
    void aChildsTemporaryFilesLiveInADirectoryOfItsOwnThatIsGoneOnceItExited() {
        ChildResult result = ChildJvm.mainClass(TemporaryFileChild.class).run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        Path file = Path.of(result.stdoutLines().get(0));
        Path childTemporaryDirectory = file.getParent();
        assertThat(childTemporaryDirectory.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
        assertThat(childTemporaryDirectory.getFileName().toString()).startsWith("deliverykit-child-");
        assertThat(childTemporaryDirectory).doesNotExist();
    }

    @Test
    void aTemporaryDirectoryTheChildIsGivenWinsOverItsOwn(@TempDir Path mine) {
        ChildResult result = ChildJvm.mainClass(TemporaryFileChild.class)
                .jvmArgs("-Djava.io.tmpdir=" + mine)
                .run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(Path.of(result.stdoutLines().get(0))).hasParent(mine).exists();
    }

    @Test
    void onExitCompletesOnceTheChildExitedAndLeavesItsResultToItsOwner() {
        ChildProcess child =
                ChildJvm.mainClass(EchoChild.class).args("5", "done").start();

        child.onExit().join();

        assertThat(child.isAlive()).isFalse();
        ChildResult result = child.awaitExit();
        assertThat(result.exitCode()).isEqualTo(5);
        assertThat(result.stdoutLines()).containsExactly("5", "done");
    }

    @Test
    void childOutlivingItsTimeoutIsKilledAndTheFailureSaysSo() {
        ChildProcess child = ChildJvm.mainClass(HangingChild.class)
                .timeout(Duration.ofSeconds(3))
                .start();
        try (child) {
            child.awaitLine("started");
            assertThatThrownBy(child::awaitExit)
                    .isInstanceOf(ChildProcessException.class)
                    .hasMessage(ChildJvmMessages.failed(
                            "child JVM dev.deliverykit.process.HangingChild",
                            ChildJvmMessages.killedAfterTimeout(3000),
                            ChildJvmMessages.output("started\n", "")));
        }
        assertThat(child.isAlive()).isFalse();
    }

    @Test
    void awaitingALineTheChildNeverPrintsFailsWithItsExitCode() {
        try (ChildProcess child = ChildJvm.mainClass(EchoChild.class).args("3").start()) {
            assertThatThrownBy(() -> child.awaitLine("never"))
                    .isInstanceOf(ChildProcessException.class)
                    .hasMessage(ChildJvmMessages.failed(
                            "child JVM dev.deliverykit.process.EchoChild 3",
                            ChildJvmMessages.exitedBefore("never", 3),
                            ChildJvmMessages.output("3\n", "to stderr\n")));
        }
    }

    @Test
    void handshakeHoldsEveryChildUntilGo() {
        List<ChildProcess> children = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                children.add(
                        ChildJvm.mainClass(HandshakeChild.class).args("c" + i).start());
            }
            for (ChildProcess child : children) {
                child.awaitLine(Handshake.READY);
            }
            // All six are parked before GO: none can have printed "went" yet.
            for (ChildProcess child : children) {
                assertThat(child.isAlive()).isTrue();
            }
            for (ChildProcess child : children) {
                child.sendLine(Handshake.GO);
            }
            for (int i = 0; i < children.size(); i++) {
                ChildResult result = children.get(i).awaitExit();
                assertThat(result.exitCode()).isZero();
                assertThat(result.stdoutLines()).containsExactly("READY", "went c" + i);
            }
        } finally {
            children.forEach(ChildProcess::close);
        }
    }

    @Test
    void aChildThatGetsSomethingOtherThanGoFailsClearly() {
        try (ChildProcess child =
                ChildJvm.mainClass(HandshakeChild.class).args("x").start()) {
            child.awaitLine(Handshake.READY);
            child.sendLine("STOP");
            ChildResult result = child.awaitExit();
            assertThat(result.exitCode()).isEqualTo(1);
            assertThat(result.stderr())
                    .contains(
                            "java.lang.IllegalStateException: expected \"GO\" on standard input after \"READY\" but got \"STOP\"");
        }
    }

    @Test
    void recipesRejectNonsense() {
        assertThatThrownBy(() -> ChildJvm.mainClass(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ChildJvmMessages.blankMainClass());
        assertThatThrownBy(() -> ChildJvm.mainClass(EchoChild.class).timeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ChildJvmMessages.timeoutNotPositive(Duration.ZERO));
    }

    @Test
    void commandUsesThisJvmsJavaAndClassPath() {
        List<String> command = ChildJvm.mainClass(EchoChild.class)
                .jvmArgs("-Xshare:auto")
                .args("0")
                .command();

        assertThat(command.get(0)).endsWith("/bin/java").startsWith(System.getProperty("java.home"));
        assertThat(command.subList(1, command.size()))
                .containsExactly(
                        "-Xshare:auto", "-cp", System.getProperty("java.class.path"), EchoChild.class.getName(), "0");
    }
}
