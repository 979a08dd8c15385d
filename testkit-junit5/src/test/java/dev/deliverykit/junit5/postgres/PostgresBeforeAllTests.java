package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class that starts an embedded PostgreSQL in {@code @BeforeAll} gives the same verdicts in both modes: its
 * child JVMs use the test JVM's server, whose URL they inherit as a system property, so the test JVM's invariants
 * and recovery see the child's writes.
 */
@RealStack
class PostgresBeforeAllTests {

    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        PostgresBeforeAllTestCases.SEEN.clear();
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(testCases);
    }

    @Test
    void correctCodePassesInBothModesOnTheServerOfTheTestJvm() {
        CrashTestResults results = run(PostgresBeforeAllTestCases.ShipsInOneTransaction.class);

        assertThat(results).hasNumberOfStartedCases(6).hasNumberOfSucceededCases(6);
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .hasSize(6)
                .allSatisfy(seen -> assertThat(seen).endsWith(" o-1=shipped shipments 1"));
    }

    @Test
    void brokenCodeFailsTheSameCasesInBothModes() {
        CrashTestResults results = run(PostgresBeforeAllTestCases.ShipsInTwoTransactions.class);

        String where = " in PostgresBeforeAllTestCases$ShipsInTwoTransactions.commit";
        assertThat(results).hasNumberOfStartedCases(10).hasNumberOfFailedCases(4);
        assertThat(results.failedCases())
                .containsExactly(
                        "[3] crash after commit #1" + where,
                        "[4] crash before commit #2" + where,
                        "[8] crash after commit #1" + where + " (child JVM)",
                        "[9] crash before commit #2" + where + " (child JVM)");
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .filteredOn(seen -> seen.endsWith(" shipments 2"))
                .containsExactly(
                        "ShipsInTwoTransactions IN_PROCESS o-1=shipped shipments 2",
                        "ShipsInTwoTransactions IN_PROCESS o-1=shipped shipments 2",
                        "ShipsInTwoTransactions CHILD_PROCESS o-1=shipped shipments 2",
                        "ShipsInTwoTransactions CHILD_PROCESS o-1=shipped shipments 2");
    }
}
