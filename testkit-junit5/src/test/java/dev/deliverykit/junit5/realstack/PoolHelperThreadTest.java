package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.fixtures.PrunedAndExhaustive.failed;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.fixtures.PrunedAndExhaustive;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A HikariCP pool started inside the workload with idle connections to keep, as Spring Boot starts its pool: the
 * pool opens them on its own connection-adder thread, at moments that vary from run to run. That thread changes
 * nothing, so the sweep is pruned the same way every time.
 */
@RealStack
class PoolHelperThreadTest {

    @TempDir
    Path dir;

    @Test
    void connectionsThePoolOpensOnItsOwnThreadNeitherStopNorVaryThePruning() {
        List<PrunedAndExhaustive> runs = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            runs.add(PrunedAndExhaustive.run(IdleConnectionsTestCases.class, dir.resolve("run-" + run)));
        }

        for (PrunedAndExhaustive run : runs) {
            run.assertPruningHidesNothing();
            assertThat(failed(run.exhaustive())).isEmpty();
            assertThat(run.pruned().keySet()).isEqualTo(runs.get(0).pruned().keySet());
            assertThat(run.pruned().size()).isLessThan(run.exhaustive().size());
        }
    }

    /** Two orders, each inserted and committed through a pool of four that keeps four connections idle. */
    @CrashTestKitOnly
    static class IdleConnectionsTestCases {
        static final int IDLE = 4;

        @TempDir
        Path dir;

        String url() {
            return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
        }

        @CheckInvariant
        final Invariant onceEach = Invariants.atMostOncePerKey("once per order")
                .effectsIn(JdbcSource.url(this::url, "sa", "").named("shop"), "ORDERS", "ID");

        @CrashSweep(kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS})
        void placeTwoOrders(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> {
                try (HikariDataSource pool = pool();
                        Connection connection = pool.getConnection();
                        Statement create = connection.createStatement()) {
                    create.execute("CREATE TABLE orders (id VARCHAR(20) PRIMARY KEY)");
                }
            });
            scenario.run(() -> {
                CountDownLatch allOpened = new CountDownLatch(IDLE);
                try (HikariDataSource pool = pool(allOpened)) {
                    place(pool, "o-1");
                    allOpened.await(); // the adder's connections are part of every recording, not of some
                    place(pool, "o-2");
                }
            });
        }

        private HikariDataSource pool() {
            return pool(new CountDownLatch(IDLE));
        }

        /** A pool that keeps {@value #IDLE} connections; {@code opened} counts each one the driver opened. */
        private HikariDataSource pool(CountDownLatch opened) {
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL(url());
            // H2's DataSource is final: a proxy counts the connections the pool takes from it, on whichever thread
            DataSource driver = (DataSource) Proxy.newProxyInstance(
                    DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                        Object result;
                        try {
                            result = method.invoke(h2, args);
                        } catch (InvocationTargetException thrown) {
                            throw thrown.getCause();
                        }
                        if (method.getName().equals("getConnection")) {
                            opened.countDown();
                        }
                        return result;
                    });
            HikariConfig config = new HikariConfig();
            config.setDataSource(driver);
            config.setUsername("sa");
            config.setPassword("");
            config.setMaximumPoolSize(IDLE);
            config.setMinimumIdle(IDLE);
            return new HikariDataSource(config);
        }

        private static void place(HikariDataSource pool, String id) throws SQLException {
            try (Connection connection = pool.getConnection()) {
                connection.setAutoCommit(false);
                try (PreparedStatement insert = connection.prepareStatement("INSERT INTO orders (id) VALUES (?)")) {
                    insert.setString(1, id);
                    insert.executeUpdate();
                }
                connection.commit();
            }
        }
    }
}
