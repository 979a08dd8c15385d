package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A read-only SQL query on one of an adapter's databases, by which the kit reads the durable state after a crash and
 * recovery with plain JDBC: {@code Query.on("warehouse", "SELECT tenant, intent_id FROM effect")}. It takes no
 * parameters and is run exactly as written, inside a transaction the kit rolls back. Each adapter method that returns
 * a query says which columns it returns, in which order; values are compared as text.
 *
 * @param database the name of the database, one of {@link ContractAdapter#databases()}
 * @param sql the query
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Query(String database, String sql) {

    /** Checks that both are given. */
    public Query {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(sql, "sql");
        if (database.isBlank() || sql.isBlank()) {
            throw new IllegalArgumentException(ContractMessages.blankQuery(database, sql));
        }
    }

    /** The query {@code sql} on the database {@code database}. */
    public static Query on(String database, String sql) {
        return new Query(database, sql);
    }
}
