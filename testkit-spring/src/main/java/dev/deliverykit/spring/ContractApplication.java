package dev.deliverykit.spring;

import dev.deliverykit.boundary.KitCalls;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One process of a contract adapter's Spring application: started on the check run's database, with Modulith's
 * incomplete publications resubmitted, as a restarted application's operator does, and waited for until it has
 * settled. A contract drives the process itself (its own {@code scenario.run}), so this is {@link SpringProcess}'s
 * start without its JUnit extension.
 */
final class ContractApplication implements AutoCloseable {

    private static final String PRODUCT_READ = "the contract adapter's read of the database's product name";

    private final ConfigurableApplicationContext application;
    private final Duration limit;

    /** Made as the process starts, so that what it finds incomplete then is an earlier process's, not this one's. */
    private final Settling settling;

    private ContractApplication(ConfigurableApplicationContext application, Duration limit) {
        this.application = application;
        this.limit = limit;
        this.settling = new Settling(application);
    }

    /** Starts the application of {@code sources} with {@code properties} first, then resubmits and settles. */
    static ContractApplication start(Class<?>[] sources, Map<String, Object> properties, Duration limit) {
        ConfigurableApplicationContext application = ApplicationStart.start(sources, properties);
        try {
            ContractApplication started = new ContractApplication(application, limit);
            started.resubmitAndSettle();
            return started;
        } catch (RuntimeException | Error e) {
            closeQuietly(application);
            throw e;
        }
    }

    ConfigurableApplicationContext context() {
        return application;
    }

    /** Modulith's incomplete publications resubmitted (its relay, after a restart), then the wait until settled. */
    void resubmitAndSettle() {
        settling.resubmitIncompletePublications();
        settling.await(limit);
    }

    /** Waits until the listeners the last work started have settled. */
    void settle() {
        settling.await(limit);
    }

    /** Publishes {@code event} in a transaction of the application's: Modulith stores its publications in it. */
    void publishInATransaction(Object event) {
        new TransactionTemplate(application.getBean(PlatformTransactionManager.class))
                .executeWithoutResult(status -> application.publishEvent(event));
    }

    /** The rows of {@code sql} on the application's data source, each value as text, outside any transaction. */
    List<List<String>> rows(String sql) {
        return new JdbcTemplate(application.getBean(DataSource.class)).query(sql, (row, number) -> {
            int columns = row.getMetaData().getColumnCount();
            ArrayList<String> values = new ArrayList<>(columns);
            for (int column = 1; column <= columns; column++) {
                values.add(row.getString(column));
            }
            return List.copyOf(values);
        });
    }

    /** The product name of the application's database as its JDBC driver reports it, read outside the kit's watch. */
    String databaseProduct() {
        String[] product = new String[1];
        KitCalls.unobserved(PRODUCT_READ, () -> {
            try (Connection connection = application.getBean(DataSource.class).getConnection()) {
                product[0] = connection.getMetaData().getDatabaseProductName();
            } catch (SQLException e) {
                throw new IllegalStateException(AdapterMessages.readFailed(PRODUCT_READ, e.getMessage()), e);
            }
        });
        return product[0];
    }

    /**
     * Closes the context. After an in-process crash its connections are refused and its threads stopped, so its
     * shutdown may fail; that failure says nothing about the code under test.
     */
    @Override
    public void close() {
        closeQuietly(application);
    }

    private static void closeQuietly(ConfigurableApplicationContext application) {
        try {
            application.close();
        } catch (RuntimeException ignored) {
            // the dead process's leftovers
        }
    }
}
