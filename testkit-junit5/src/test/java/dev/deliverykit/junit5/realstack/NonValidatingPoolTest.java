package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.realstack.fixtures.NaivePool;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A pool that neither validates nor is HikariCP ({@link NaivePool}), shared by the run and the restart through
 * Spring's JdbcTemplate. The crash closes the connection the dying process opened through it; the pool hands
 * it to recovery again, and recovery's first use of it fails at once with the kit's message naming what
 * happened and the fix, instead of whatever the driver says about a closed connection.
 */
@RealStack
class NonValidatingPoolTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class SharedNaivePoolTestCases {
        @CrashAt(selector = "after-statement:^INSERT")
        void placeOrder(CrashScenario scenario, @TempDir Path dir) throws Exception {
            NaivePool shared = new NaivePool("jdbc:sqlite:" + dir.resolve("orders.db"));
            new JdbcTemplate(shared).execute("CREATE TABLE orders(id TEXT)");
            scenario.run(() -> new JdbcTemplate(shared).update("INSERT INTO orders(id) VALUES ('o-1')"));
            scenario.restart(() -> new JdbcTemplate(shared).update("INSERT INTO orders(id) VALUES ('o-2')"));
        }
    }

    @Test
    void recoveryOnAConnectionTheCrashClosedFailsAtOnceWithTheFix() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(SharedNaivePoolTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        Throwable failure =
                assertThat(results).hasSingleFailedCase().failure().getCause(); // the kit adds the case to the failure
        assertThat(failure).isInstanceOf(DataAccessResourceFailureException.class);
        assertThat(failure.getCause())
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("DeliveryKit: Connection.createStatement() on a connection that belonged to"
                        + " the process that crashed at hit 1 of after statement matching /^INSERT/ (it used the"
                        + " DataSource dev.deliverykit.junit5.realstack.fixtures.NaivePool) and the crash closed.")
                .hasMessageContaining("Fix: build that DataSource in scenario.restart(...)");
        assertThat(((SQLException) failure.getCause()).getSQLState()).isEqualTo("08003");
    }
}
