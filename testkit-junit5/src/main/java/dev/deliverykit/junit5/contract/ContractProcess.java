package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One process of the code under test, as an adapter starts it ({@link ContractAdapter#start}): what every role's
 * process shares.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ContractProcess extends AutoCloseable {

    /**
     * Closes the process's connections, and nothing more: after a crash in this JVM the kit refuses every other JDBC
     * call of the dead process. Nothing by default.
     */
    @Override
    default void close() throws Exception {}
}
