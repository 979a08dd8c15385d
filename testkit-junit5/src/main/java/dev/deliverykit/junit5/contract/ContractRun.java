package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One run of one contract check: the adapter, the run's databases, and how to prepare them and start a process on
 * them. Built anew in every JVM that runs the check (a child JVM rerunning a case builds the same one).
 *
 * @param <P> the role's process
 */
final class ContractRun<P extends ContractProcess> {

    private static final Pattern DATABASE_NAME = Pattern.compile("[A-Za-z0-9_-]{1,32}");

    private final ContractAdapter<P> adapter;
    private final DatabaseFactory factory;
    private final CheckSite site;
    private final Databases databases;

    private ContractRun(ContractAdapter<P> adapter, DatabaseFactory factory, CheckSite site) {
        this.adapter = adapter;
        this.factory = factory;
        this.site = site;
        this.databases = Databases.of(databaseNames(adapter, site.checkId()), factory, site);
    }

    /** A run of a check with one case, such as a plain {@code @Test}. */
    static <P extends ContractProcess> ContractRun<P> of(
            DeliveryContract contract, ContractAdapter<P> adapter, String checkId, Path directory) {
        return new ContractRun<>(
                requireAdapter(adapter, contract, checkId),
                contract.databases(),
                new CheckSite(checkId, contract.getClass().getName(), "check", directory));
    }

    /**
     * A run of one case of a crash or arrival-order check: its site is named after the case (its replay key and its
     * name, which says the mode), the same in the test JVM and in a child JVM that reruns it.
     */
    static <P extends ContractProcess> ContractRun<P> of(
            DeliveryContract contract, ContractAdapter<P> adapter, String checkId, Scenario scenario, Path directory) {
        return new ContractRun<>(
                requireAdapter(adapter, contract, checkId),
                contract.databases(),
                new CheckSite(
                        checkId,
                        contract.getClass().getName(),
                        scenario.replayKey() + ";" + scenario.caseName(),
                        directory));
    }

    /** Creates the run's databases, empty: once, in the test JVM, before the first process starts. */
    void createDatabases() throws Exception {
        for (String name : databases.names()) {
            factory.createEmpty(name, site);
        }
    }

    /** Creates the databases through the scenario, which skips it in a child JVM rerunning the case. */
    void createDatabases(CrashScenario scenario) throws Exception {
        scenario.prepare(this::createDatabases);
    }

    /** A fresh process on the run's databases. */
    P start() throws Exception {
        P process = adapter.start(databases);
        if (process == null) {
            throw new IllegalStateException(
                    ContractMessages.noProcess(adapter.getClass().getName(), site.checkId())
                            .sentences());
        }
        return process;
    }

    /** The database a query of the adapter reads, as an invariant's source. */
    JdbcSource source(Query query, String method) {
        Objects.requireNonNull(query, () -> adapter.getClass().getName() + "." + method + "() returned null");
        if (!databases.names().contains(query.database())) {
            throw new IllegalStateException(ContractMessages.queryOfUndeclaredDatabase(
                            adapter.getClass().getName() + "." + method + "()", query.database(), databases.names())
                    .sentences());
        }
        return databases.source(query.database());
    }

    /** The rows of an adapter's query, each as its columns' text, read in a transaction that is rolled back. */
    List<List<String>> rows(Query query, String method) {
        return DurableRows.read(
                source(query, method), query.sql(), adapter.getClass().getName() + "." + method + "()");
    }

    /** The adapter, for the role's own questions (its queries). */
    ContractAdapter<P> adapter() {
        return adapter;
    }

    /** The check's id. */
    String checkId() {
        return site.checkId();
    }

    private static <P extends ContractProcess> ContractAdapter<P> requireAdapter(
            ContractAdapter<P> adapter, DeliveryContract contract, String checkId) {
        if (adapter == null) {
            throw new IllegalStateException(
                    ContractMessages.noAdapter(contract.getClass().getName(), checkId)
                            .sentences());
        }
        return adapter;
    }

    private static List<String> databaseNames(ContractAdapter<?> adapter, String checkId) {
        List<String> names = adapter.databases();
        if (names == null || names.isEmpty()) {
            throw new IllegalStateException(
                    ContractMessages.noDatabases(adapter.getClass().getName(), checkId)
                            .sentences());
        }
        for (String name : names) {
            if (name == null || !DATABASE_NAME.matcher(name).matches()) {
                throw new IllegalStateException(
                        ContractMessages.badDatabaseName(adapter.getClass().getName(), name, checkId)
                                .sentences());
            }
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalStateException(
                    ContractMessages.databaseTwice(adapter.getClass().getName(), names, checkId)
                            .sentences());
        }
        return List.copyOf(names);
    }
}
