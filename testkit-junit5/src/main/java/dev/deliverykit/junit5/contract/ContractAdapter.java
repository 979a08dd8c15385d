package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What every role's adapter says about the code under test: which databases it uses, and how to start a fresh
 * process of it on them. The kit crashes that process (in this JVM, or as a real exit of a child JVM) and recovers by
 * starting another one on the same databases.
 *
 * <p><b>Constructible anywhere.</b> A {@code CHILD_PROCESS} check reruns the contract test in a child JVM, which
 * constructs the test class and calls its {@code adapter()} again: an adapter must be built from constants and
 * system properties only (no object handed over from the test JVM), and {@link #start} must not depend on anything
 * a previous process left in memory.
 *
 * @param <P> the role's process: what the kit drives, such as {@link IdempotentReceiverAdapter.Receiver}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ContractAdapter<P extends ContractProcess> {

    /**
     * The names of the databases the code under test uses, such as {@code List.of("orders", "shipping")}: the kit
     * gets each from the contract's {@link DatabaseFactory} (a new SQLite file per run by default), hands them to
     * {@link #start}, and reads the durable state from them. Names are 1 to 32 letters, digits, {@code -} or
     * {@code _}.
     */
    List<String> databases();

    /**
     * A fresh process on {@code databases}: new connections, new objects, nothing shared with an earlier process
     * but what it committed. Create the schema here if the code under test does (idempotently: a restart calls this
     * again on the same databases). Its {@link ContractProcess#close()} only closes its connections.
     *
     * @throws Exception whatever starting it throws; the check fails with it
     */
    P start(Databases databases) throws Exception;
}
