package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What every contract shares: where the databases of its checks live. A contract test class implements one role's
 * contract ({@link IdempotentReceiverContract}, {@link TransactionalOutboxContract}, {@link OrderedInboxContract},
 * {@link DedupRetentionContract}, {@link DeliveryPipelineContract}) and inherits its checks.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DeliveryContract {

    /**
     * Where the databases of each check run live: by default a new SQLite file per database and run, in the run's own
     * temporary directory. Override it for PostgreSQL or any JDBC database (see {@link DatabaseFactory}).
     */
    default DatabaseFactory databases() {
        return DatabaseFactory.sqliteFiles();
    }
}
