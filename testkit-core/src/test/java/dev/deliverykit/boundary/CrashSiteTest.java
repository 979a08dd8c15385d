package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.sites.Db;
import dev.deliverykit.sites.Relay;
import dev.deliverykit.sites.RelayWorkload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vibur.dbcp.PoolCode;

/**
 * Where a hit happened: the first frame of the user's code, past the transaction template and the unchecking
 * helper it commits through, with those helpers as the hit's "via"; a seen-through class moves the site to its
 * caller. Real runs of {@link Relay} on a SQLite file, in this JVM and in a child JVM.
 */
class CrashSiteTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final String SITES = "dev.deliverykit.sites.";
    private static final WatchList EVERYTHING =
            WatchList.of().withEveryStatement().withEveryTransactionEnd();

    @TempDir
    Path dir;

    private Recording recordInThisJvm(WatchList watch, String database) {
        Relay relay = new Relay(new Db(dir.resolve(database)));
        return ENGINE.record(watch, () -> {
            relay.start();
            relay.publish("m-1");
        });
    }

    /** {@code after commit #1 at Schema.create(Schema.java:N) via Db.inTx(Db.java:N), ...}, per hit. */
    private static List<String> sites(Recording recording) {
        return recording.hits().stream()
                .filter(hit -> !hit.boundary().name().startsWith("before "))
                .map(hit -> hit.boundary().name().replaceAll("\"(.{22}).*\"", "\"$1…\"") + " #" + hit.occurrence()
                        + " at " + shorten(hit.stack().get(0))
                        + (hit.via().isEmpty()
                                ? ""
                                : " via "
                                        + hit.via().stream()
                                                .map(CrashSiteTest::shorten)
                                                .collect(Collectors.joining(", "))))
                .collect(Collectors.toList());
    }

    private static String shorten(String frame) {
        return frame.replace(SITES, "").replaceAll(":[0-9]+\\)", ":N)");
    }

    private static final List<String> SITES_OF_THE_RELAY = List.of(
            "after statement \"CREATE TABLE IF NOT EX…\" #1 at Schema.lambda$create$0(Schema.java:N)",
            "after commit #1 at Schema.create(Schema.java:N)"
                    + " via Db.inTx(Db.java:N), Unchecked.run(Unchecked.java:N), Db.lambda$inTx$0(Db.java:N)",
            "after statement \"INSERT INTO outbox(id,…\" #1 at Relay.lambda$publish$0(Relay.java:N)",
            "after commit #2 at Relay.publish(Relay.java:N)"
                    + " via Db.inTx(Db.java:N), Unchecked.run(Unchecked.java:N), Db.lambda$inTx$0(Db.java:N)",
            "after statement \"UPDATE outbox SET sent…\" #1 at Outbox.markSent(Outbox.java:N)",
            "after commit #3 at Relay.publish(Relay.java:N)"
                    + " via Db.inTx(Db.java:N), Unchecked.run(Unchecked.java:N), Db.lambda$inTx$0(Db.java:N)");

    @Test
    void aHitIsPlacedInTheUsersCodeWithTheHelpersItWentThrough() {
        Recording recording = recordInThisJvm(EVERYTHING, "relay.db");

        assertThat(sites(recording)).containsExactlyElementsOf(SITES_OF_THE_RELAY);
        BoundaryHit commit = recording.hits().get(recording.hits().size() - 1);
        assertThat(commit.stack()).hasSize(3);
        assertThat(commit.stack().get(1)).startsWith("dev.deliverykit.boundary.CrashSiteTest.lambda$");
        assertThat(commit.toString())
                .startsWith("after commit #3 on main at dev.deliverykit.sites.Relay.publish(Relay.java:");
    }

    @Test
    void aSeenThroughClassMovesTheSiteToItsCaller() {
        Recording recording = recordInThisJvm(EVERYTHING.seeingThrough("dev.deliverykit.sites.Schema"), "relay.db");

        assertThat(sites(recording).subList(0, 2))
                .containsExactly(
                        "after statement \"CREATE TABLE IF NOT EX…\" #1 at Relay.start(Relay.java:N)"
                                + " via Schema.create(Schema.java:N), Db.inTx(Db.java:N),"
                                + " Schema.lambda$create$0(Schema.java:N)",
                        "after commit #1 at Relay.start(Relay.java:N)"
                                + " via Schema.create(Schema.java:N), Db.inTx(Db.java:N),"
                                + " Unchecked.run(Unchecked.java:N), Db.lambda$inTx$0(Db.java:N)");
        assertThat(sites(recording).subList(2, 6)).containsExactlyElementsOf(SITES_OF_THE_RELAY.subList(2, 6));
    }

    @Test
    void aSeenThroughPackageCoversItsClassesAndANamePrefixCoversNothing() {
        Recording nothingLeft = recordInThisJvm(EVERYTHING.seeingThrough("dev.deliverykit.sites"), "all.db");
        Recording prefixOnly = recordInThisJvm(EVERYTHING.seeingThrough("dev.deliverykit.sit"), "prefix.db");

        // Everything of the relay seen through: the site is the test's lambda, the relay its via.
        assertThat(nothingLeft.hits().get(1).stack().get(0))
                .startsWith("dev.deliverykit.boundary.CrashSiteTest.lambda$");
        assertThat(nothingLeft.hits().get(1).via().get(0)).startsWith("dev.deliverykit.sites.Relay.start(");
        assertThat(sites(prefixOnly)).containsExactlyElementsOf(SITES_OF_THE_RELAY);
    }

    @Test
    void aChildJvmCarriesTheSiteTheHelpersAndTheSeenThroughPackagesBack() {
        Path file = dir.resolve("child.db");

        Recording plain = ENGINE.recordInChildProcess(
                EVERYTHING, ChildLaunch.of(RelayWorkload.class).args(file.toString()));
        Recording seeingThrough = ENGINE.recordInChildProcess(
                EVERYTHING.seeingThrough("dev.deliverykit.sites.Schema"),
                ChildLaunch.of(RelayWorkload.class)
                        .args(dir.resolve("second.db").toString()));

        assertThat(sites(plain)).containsExactlyElementsOf(SITES_OF_THE_RELAY);
        assertThat(sites(seeingThrough).get(1))
                .isEqualTo("after commit #1 at Relay.start(Relay.java:N)"
                        + " via Schema.create(Schema.java:N), Db.inTx(Db.java:N),"
                        + " Unchecked.run(Unchecked.java:N), Db.lambda$inTx$0(Db.java:N)");
    }

    @Test
    void aFrameOfAnyKnownPoolIsSeenThrough() {
        Path file = dir.resolve("pool.db");

        Recording recording = ENGINE.record(WatchList.of().withEveryStatement(), () -> {
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
                PoolCode.execute(connection, "CREATE TABLE t(x)");
            }
        });

        BoundaryHit statement = recording.hits().get(recording.hits().size() - 1);
        assertThat(statement.stack().get(0)).startsWith("dev.deliverykit.boundary.CrashSiteTest.lambda$");
        assertThat(statement.via()).singleElement().asString().startsWith("org.vibur.dbcp.PoolCode.execute(");
        // Every pool the kit knows is seen through, as the connection pool checks know them.
        assertThat(List.of(
                        "io.agroal.pool.ConnectionPool",
                        "oracle.ucp.jdbc.PoolDataSourceImpl",
                        "com.alibaba.druid.pool.DruidDataSource",
                        "org.vibur.dbcp.ViburDBCPDataSource",
                        "org.apache.commons.dbcp.BasicDataSource",
                        "org.h2.jdbcx.JdbcConnectionPool"))
                .allMatch(StackSummary::isSeenThrough);
    }

    @Test
    void aNameThatIsNotAPackageOrClassIsRefused() {
        Assertions.assertThatThrownBy(() -> WatchList.of().seeingThrough("com.example.db, com.example.util"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"com.example.db, com.example.util\" is not a package or class name to see through;"
                        + " expected a dotted Java name such as com.example.db or com.example.util.Tx");
    }
}
