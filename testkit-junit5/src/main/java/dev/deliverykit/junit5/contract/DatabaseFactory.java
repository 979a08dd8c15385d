package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where the databases of a contract check run live: a new SQLite file per database and run by default
 * ({@link #sqliteFiles()}), or any JDBC database. Override {@link DeliveryContract#databases()} to choose.
 *
 * <pre>{@code
 * @Override
 * public DatabaseFactory databases() {              // a schema per run on the build's PostgreSQL server
 *     return new DatabaseFactory() {
 *         public String jdbcUrl(String name, CheckSite site) {
 *             return System.getProperty("orders.pg.url") + "?currentSchema=" + site.runId() + "_" + name;
 *         }
 *         public void createEmpty(String name, CheckSite site) throws SQLException {
 *             try (Connection c = DriverManager.getConnection(System.getProperty("orders.pg.url"));
 *                     Statement s = c.createStatement()) {
 *                 s.execute("DROP SCHEMA IF EXISTS " + site.runId() + "_" + name + " CASCADE");
 *                 s.execute("CREATE SCHEMA " + site.runId() + "_" + name);
 *             }
 *         }
 *     };
 * }
 * }</pre>
 *
 * <p>{@link #jdbcUrl} must give the same URL for the same site in every JVM: a child JVM that reruns a
 * {@code CHILD_PROCESS} case asks it again and must reach the database the test JVM prepared. {@link #createEmpty}
 * runs once per run, in the test JVM only, before the code under test starts.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DatabaseFactory {

    /** The JDBC URL of the database {@code name} in the run {@code site}. */
    String jdbcUrl(String name, CheckSite site);

    /**
     * Makes the database {@code name} of the run {@code site} exist and be empty, once, in the test JVM, before the
     * code under test starts. Nothing by default: a new file in a new directory is empty.
     *
     * @throws Exception whatever preparing it throws; the check fails with it
     */
    default void createEmpty(String name, CheckSite site) throws Exception {}

    /** A SQLite file {@code <name>.db} in the run's own directory: {@code jdbc:sqlite:<directory>/<name>.db}. */
    static DatabaseFactory sqliteFiles() {
        return (name, site) -> "jdbc:sqlite:" + site.directory().resolve(name + ".db");
    }
}
