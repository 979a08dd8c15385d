package dev.deliverykit.junit5.child;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests that write their fixture where users write it, before {@code scenario.run(...)} and without
 * {@code scenario.prepare(...)}, run by {@link FixtureOnceTests} in both modes: what the test JVM read back with
 * plain JDBC after each case goes into {@link #SEEN}.
 */
final class FixtureOnceTestCases {

    /** What the test JVM read back after each case, in order. */
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    /** The system property with the test JVM's process id: a child JVM has another. */
    static final String TEST_JVM_PID = "fixture.once.test.jvm.pid";

    private FixtureOnceTestCases() {}

    /** Whether this JVM is a child JVM rerunning a case. */
    static boolean inAChild() {
        return !Long.toString(ProcessHandle.current().pid()).equals(System.getProperty(TEST_JVM_PID));
    }

    /** The directory's entries by name, and whether the kit left anything beside it. */
    static String filesOf(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir);
                Stream<Path> besides = Files.list(dir.getParent())) {
            List<String> left = besides.map(path -> path.getFileName().toString())
                    .filter(name -> name.startsWith(dir.getFileName() + "."))
                    .toList();
            return files.map(path -> path.getFileName().toString()).sorted().toList()
                    + (left.isEmpty() ? "" : " and beside it " + left);
        }
    }

    /** A table created and an order placed in the test method, before the run: the usual shape. */
    static class OrderPlacedBeforeTheRun {
        @TempDir
        Path dir;

        @CrashAt(
                selector = "after-commit",
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shipsTheOrder(CrashScenario scenario) throws Exception {
            Shop shop = Shop.in(dir.resolve("shop.db")).create();
            shop.place("o-1");
            scenario.run(() -> shop.ship("o-1"));
            scenario.restart(() -> shop.ship("o-1"));
            SEEN.add(scenario.mode() + " " + shop.rows() + " in " + filesOf(dir));
        }
    }

    /** The fixture written by @BeforeEach, every commit of the workload swept, an invariant over the rows. */
    static class FixtureInBeforeEachSwept {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant placedOnce = Invariants.atMostOncePerKey("each order placed once")
                .effectsIn(
                        JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shop.db"))
                                .named("shop.db"),
                        "orders",
                        "id");

        Shop shop;

        @BeforeEach
        void placeAnOrder() throws Exception {
            shop = Shop.in(dir.resolve("shop.db")).create();
            shop.place("o-1");
        }

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.CHILD_PROCESS, CrashMode.IN_PROCESS})
        void shipsAndInvoices(CrashScenario scenario) throws Exception {
            scenario.run(() -> {
                shop.ship("o-1");
                shop.invoice("o-1");
            });
            scenario.restart(() -> {
                shop.ship("o-1");
                shop.invoice("o-1");
            });
            SEEN.add(scenario.mode() + " " + scenario.replayKey() + " " + shop.rows());
        }
    }

    /**
     * A static directory, which all invocations share: the kit leaves its files where they are, the child writes on
     * the test JVM's, and a fixture there belongs in {@code scenario.prepare(...)}.
     */
    static class SharedDirectory {
        @TempDir
        static Path shared;

        @BeforeAll
        static void writeTheCatalogue() throws IOException {
            Files.writeString(shared.resolve("catalogue.txt"), "P-7");
        }

        @CrashAt(
                selector = "after-commit",
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shipsTheOrder(CrashScenario scenario) throws Exception {
            Shop shop = Shop.in(shared.resolve("shop-" + scenario.mode() + ".db"));
            scenario.prepare(() -> {
                shop.create();
                shop.place("o-1");
            });
            scenario.run(() -> shop.ship("o-1"));
            SEEN.add(scenario.mode() + " " + shop.rows() + " in " + filesOf(shared));
        }
    }

    /**
     * A connection the test method keeps open across the run: the kit leaves the files where they are, the
     * child writes on the test JVM's, and a fixture belongs in {@code scenario.prepare(...)}.
     */
    static class ConnectionKeptOpen {
        @TempDir
        Path dir;

        @CrashAt(
                selector = "after-commit",
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shipsTheOrder(CrashScenario scenario) throws Exception {
            Shop shop = Shop.in(dir.resolve("shop.db"));
            try (Connection kept = shop.open()) {
                scenario.prepare(() -> {
                    shop.create();
                    shop.place("o-1");
                });
                scenario.run(() -> shop.ship("o-1"));
            }
            SEEN.add(scenario.mode() + " " + shop.rows() + " in " + filesOf(dir));
        }
    }

    /** A connection the child keeps open at its run, but not the test JVM: refused, since the child's file goes. */
    @CrashTestKitOnly
    static class OpenOnlyInTheChild {
        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", mode = CrashMode.CHILD_PROCESS)
        void shipsTheOrder(CrashScenario scenario) throws Exception {
            Shop shop = Shop.in(dir.resolve("shop.db")).create();
            shop.place("o-1");
            Connection kept = inAChild() ? shop.open() : null;
            scenario.run(() -> shop.ship("o-1"));
            if (kept != null) {
                kept.close();
            }
        }
    }
}
