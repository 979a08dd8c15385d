package dev.deliverykit.junit5.child;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lambda workloads in child JVMs, run by {@link LambdaInAChildTests}: what the test JVM reads back after the
 * child died goes into {@link #SEEN}.
 */
final class LambdaInAChildTestCases {

    /** What the test JVM read back from the files the children left, in order. */
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    private LambdaInAChildTestCases() {}

    /** Three entries, a, b and c, each in a transaction of its own: three commits. */
    static void writeThree(Ledger ledger) throws SQLException {
        ledger.write("a", "1");
        ledger.write("b", "2");
        ledger.write("c", "3");
    }

    /** This JVM's options as the child sees them, and the system properties the outer test set at run time. */
    @CrashTestKitOnly
    static class RebornChild {
        @TempDir
        Path dir;

        final String entryId = "entry-" + 7; // a field initialiser the workload uses

        @CrashAt(
                selector = "after-commit",
                mode = CrashMode.CHILD_PROCESS,
                childJvmOptions = {"-Dchild.option=given", "-Xss4m"},
                childJvmOptionsDropped = "-Ddropped.property")
        void seesTheTestJvm(CrashScenario scenario) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.run(() -> ledger.write(entryId, whatThisJvmSees()));
            SEEN.addAll(Ledger.in(dir).entries());
        }

        private static String whatThisJvmSees() {
            List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
            boolean sameJvm = Long.toString(ProcessHandle.current().pid()).equals(System.getProperty("test.jvm.pid"));
            return (sameJvm ? "the test JVM" : "another JVM")
                    + ", shop.db=" + System.getProperty("shop.db")
                    + ", dropped.property=" + System.getProperty("dropped.property")
                    + ", child.option=" + System.getProperty("child.option")
                    + ", -Xss4m " + (options.contains("-Xss4m") ? "given" : "missing")
                    + ", kit agents "
                    + options.stream()
                            .filter(option -> option.startsWith("-javaagent:") && option.contains("testkit-core"))
                            .count();
        }
    }

    /** A fixture written with scenario.prepare, from the test method and from a @BeforeEach method. */
    @CrashTestKitOnly
    static class FixtureOnce {
        @TempDir
        Path dir;

        @BeforeEach
        void seed(CrashScenario scenario) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.prepare(() -> ledger.write("seed-1", "by @BeforeEach"));
        }

        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void writtenOnce(CrashScenario scenario) throws Exception {
            Ledger ledger = Ledger.in(dir);
            scenario.prepare(() -> ledger.write("seed-2", "by the test method"));
            scenario.run(() -> ledger.write("work", "done"));
            SEEN.addAll(ledger.entries());
        }
    }

    /** A workload that prints and then fails before its boundary. */
    @CrashTestKitOnly
    static class FailingChild {
        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void failsBeforeTheBoundary(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.run(() -> {
                for (int line = 1; line <= 45; line++) {
                    System.err.println("stock check " + line);
                }
                System.out.println("about to reserve P-7");
                if (ledger.entries().isEmpty()) {
                    throw new IllegalStateException("no stock for P-7");
                }
                ledger.write("never", "reached");
            });
        }
    }

    /** Three commits, recorded and crashed in child JVMs. */
    @CrashTestKitOnly
    static class ThreeCommits {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.CHILD_PROCESS)
        void numbered(CrashScenario scenario) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.run(() -> writeThree(ledger));
            scenario.recording()
                    .ifPresent(recording -> recording.hits().forEach(hit -> SEEN.add("recorded " + describe(hit))));
            scenario.crash()
                    .ifPresent(crash ->
                            SEEN.add("crashed " + describe(crash.crashSite()) + " leaving " + entries(ledger)));
        }

        private static String describe(BoundaryHit hit) {
            return hit.replayKey() + " at " + hit.stack().get(0);
        }

        private static List<String> entries(Ledger ledger) {
            try {
                return ledger.entries();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Three commits swept in both modes, the child JVM first. */
    @CrashTestKitOnly
    static class ThreeCommitsInBothModes {
        @TempDir
        Path dir;

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.CHILD_PROCESS, CrashMode.IN_PROCESS})
        void numbered(CrashScenario scenario) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.run(() -> writeThree(ledger));
            SEEN.add(scenario.replayKey() + " " + scenario.mode() + " left " + ledger.entries());
        }
    }

    /** Many commits, each a crash case in its own child JVM. */
    @CrashTestKitOnly
    static class ManyCommits {
        /** How many entries the workload writes: two commit boundaries each. */
        static final int ENTRIES = 25;

        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.CHILD_PROCESS)
        void everyCommit(CrashScenario scenario) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.run(() -> {
                for (int entry = 1; entry <= ENTRIES; entry++) {
                    ledger.write("e-" + entry, "written");
                }
            });
            scenario.observe("entries", ledger.entries().size());
        }
    }

    /** Code that catches the crash and carries on: refused in process, so the two modes agree. */
    @CrashTestKitOnly
    static class CatchAndCarryOn {
        @CrashAt(
                selector = "after-commit",
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void carriesOn(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            scenario.run(() -> {
                try {
                    ledger.write("a", "reserved");
                } catch (Throwable anything) {
                    // carries on as if the reservation had failed
                }
                ledger.write("b", "released after a failed reservation");
            });
            SEEN.add(scenario.mode() + " left " + ledger.entries());
        }
    }

    /**
     * A send handed after the death to a sender thread built before the run: that thread is not the process's, so
     * the kit cannot stop its file write in this JVM, and the case fails there, while a real exit never writes: the
     * two modes disagree, and the report says so.
     */
    static class HandsASendToAThreadBuiltBeforeTheRun {
        @CrashAt(
                selector = "after-commit",
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void carriesOn(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Ledger ledger = Ledger.in(dir).create();
            Path sent = dir.resolve("sent.txt");
            BlockingQueue<String> outgoing = new LinkedBlockingQueue<>();
            Thread sender = new Thread(
                    () -> {
                        try {
                            for (String message = outgoing.take(); !message.isEmpty(); message = outgoing.take()) {
                                Files.writeString(sent, message);
                            }
                        } catch (Exception stopped) {
                            // the test ends
                        }
                    },
                    "sender-built-before-the-run");
            sender.start();
            try {
                scenario.run(() -> {
                    try {
                        ledger.write("a", "reserved");
                    } catch (Throwable anything) {
                        outgoing.put("a");
                    }
                });
            } finally {
                outgoing.put(""); // after what the workload queued: the sender has handled that when it ends
                sender.join();
            }
            Assertions.assertThat(sent).doesNotExist();
        }
    }
}
