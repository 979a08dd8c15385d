package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.EngineControls;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What a process death does to the JDBC state it leaves: pools forget their connections (HikariCP's are
 * soft-evicted, so that recovery gets fresh physical connections), and every connection of the process is
 * rolled back and closed, except those of other processes' databases. A connection behind a pool's wrapper
 * that also dies is rolled back and closed through that wrapper, so the pool sees it close. Failures are
 * returned, never dropped; none reaches the workload.
 */
final class ProcessKill {

    private ProcessKill() {}

    /** How many open connections were killed, and what failed on the way. */
    record Killed(int count, List<Throwable> failures) {}

    static Killed kill(List<Object> victims, List<Object> pools, List<String> survivingUrls, String process) {
        List<Throwable> failures = new ArrayList<>();
        int[] killed = {0};
        EngineControls.unobserved(() -> {
            for (Object pool : pools) {
                evict(pool, failures);
            }
            List<Connection> connections = new ArrayList<>();
            for (Object victim : victims) {
                if (!(victim instanceof Connection connection)) {
                    continue;
                }
                if (!isOpen(connection)) {
                    EngineControls.forget(connection); // closed for good: no later crash needs to look at it again
                } else if (!survives(connection, survivingUrls)) {
                    connections.add(connection);
                }
            }
            String why = "belonged to the process that crashed at " + process + poolsNamed(pools);
            for (Connection connection : connections) {
                if (!isBehindAnother(connection, connections)) {
                    kill(connection, failures);
                    killed[0]++;
                    // Only what was closed here: a connection behind a pool's wrapper went back to the pool open.
                    EngineControls.killed(connection, why);
                }
            }
        });
        return new Killed(killed[0], failures);
    }

    /**
     * Rolls back and closes one connection unobserved, as a lost connection leaves it (an injected failure); returns
     * what failed on the way.
     */
    static List<Throwable> killOne(Connection connection) {
        List<Throwable> failures = new ArrayList<>();
        EngineControls.unobserved(() -> {
            if (isOpen(connection)) {
                kill(connection, failures);
            }
        });
        return failures;
    }

    private static String poolsNamed(List<Object> pools) {
        if (pools.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (Object pool : pools) {
            if (!names.contains(pool.getClass().getName())) {
                names.add(pool.getClass().getName());
            }
        }
        return " (it used the DataSource " + String.join(", ", names) + ")";
    }

    private static boolean isOpen(Connection connection) {
        try {
            return !connection.isClosed();
        } catch (SQLException | RuntimeException unknown) {
            return true; // let the kill try, and report what fails
        }
    }

    /**
     * HikariCP marks every connection of the pool evicted: idle ones are closed, borrowed ones when they
     * are returned, and the next borrow opens a new one. Its {@code aliveBypassWindowMs} would otherwise hand
     * out a closed connection without validating it.
     */
    private static void evict(Object pool, List<Throwable> failures) {
        try {
            Method mxBean = pool.getClass().getMethod("getHikariPoolMXBean");
            Object bean = mxBean.invoke(pool);
            if (bean != null) {
                Class<?> type = Class.forName(
                        "com.zaxxer.hikari.HikariPoolMXBean",
                        false,
                        pool.getClass().getClassLoader());
                type.getMethod("softEvictConnections").invoke(bean);
            }
        } catch (NoSuchMethodException notHikari) {
            // another pool: it sees its connections closed, and validates them or is rebuilt in restart
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            failures.add(e);
        }
    }

    private static boolean survives(Connection connection, List<String> survivingUrls) {
        if (survivingUrls.isEmpty()) {
            return false;
        }
        String url;
        try {
            url = connection.getMetaData().getURL();
        } catch (SQLException | RuntimeException unknown) {
            return false;
        }
        if (url == null) {
            return false;
        }
        for (String surviving : survivingUrls) {
            if (url.startsWith(surviving)) {
                return true;
            }
        }
        return false;
    }

    /** Whether another dying connection wraps this one (a pool's proxy around the driver's connection). */
    private static boolean isBehindAnother(Connection connection, List<Connection> all) {
        for (Connection other : all) {
            if (other == connection) {
                continue;
            }
            try {
                if (other.isWrapperFor(connection.getClass()) && other.unwrap(connection.getClass()) == connection) {
                    return true;
                }
            } catch (SQLException | RuntimeException | LinkageError unknown) {
                // a closed or foreign wrapper says nothing about this connection
            }
        }
        return false;
    }

    private static void kill(Connection connection, List<Throwable> failures) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            } else {
                // A transaction begun with an explicit BEGIN statement; with none open the driver refuses,
                // which is expected and not a failure of the crash.
                try (Statement statement = connection.createStatement()) {
                    statement.execute("ROLLBACK");
                } catch (SQLException noTransactionOpen) {
                    // nothing was begun
                }
            }
        } catch (SQLException | RuntimeException e) {
            failures.add(e);
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            failures.add(e);
        }
    }
}
