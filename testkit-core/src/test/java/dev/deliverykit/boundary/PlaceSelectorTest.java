package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.Workload;
import dev.deliverykit.places.Orders;
import dev.deliverykit.places.OrdersWorkload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Selectors within a place: a statement, commit or method boundary that counts only while a method is on the stack,
 * its occurrence counted there. Real runs of {@link Orders} on a SQLite file, whose {@code place} and {@code cancel}
 * both write the same outbox statement; after each crash the durable state is read back with plain JDBC.
 */
class PlaceSelectorTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final Place PLACE = Place.of(Orders.class, "place");
    private static final Place CANCEL = Place.of(Orders.class, "cancel");

    @TempDir
    Path dir;

    /** Places o-1, cancels it, places o-2: four commits, the outbox statement three times. */
    private Workload orders() {
        return orders("orders.db");
    }

    private Workload orders(String file) {
        Orders orders = new Orders(dir.resolve(file));
        return () -> {
            orders.createTables();
            orders.place("o-1");
            orders.cancel("o-1");
            orders.place("o-2");
        };
    }

    /** What survived, read by a fresh connection: {@code order o-1 placed}, then {@code outbox o-1 placed}, in order. */
    private List<String> durable() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection reader = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("orders.db"));
                Statement statement = reader.createStatement()) {
            try (ResultSet orders = statement.executeQuery("SELECT id, status FROM orders ORDER BY id")) {
                while (orders.next()) {
                    rows.add("order " + orders.getString(1) + " " + orders.getString(2));
                }
            }
            try (ResultSet outbox = statement.executeQuery("SELECT order_id, event FROM outbox ORDER BY seq")) {
                while (outbox.next()) {
                    rows.add("outbox " + outbox.getString(1) + " " + outbox.getString(2));
                }
            }
        }
        return rows;
    }

    @Test
    void aStatementPatternWithinAPlaceSkipsTheSameStatementElsewhere() throws SQLException {
        CrashPlan plan =
                CrashPlan.at(Selector.afterStatement("^INSERT INTO outbox").within(CANCEL));

        CrashResult crash = ENGINE.crashInProcess(plan, orders());

        // The first outbox insert of the run is o-1's placing; the first within cancel is its cancellation's.
        assertThat(durable()).containsExactly("order o-1 placed", "outbox o-1 placed");
        assertThat(crash.replayKey())
                .isEqualTo("selector=after-statement:^INSERT INTO outbox;within=dev.deliverykit.places.Orders#cancel"
                        + ";hit=1");
        assertThat(crash.crashSite().stack().get(0)).startsWith("dev.deliverykit.places.Outbox.add(Outbox.java:");
    }

    @Test
    void theOccurrenceOfACommitWithinAPlaceCountsOnlyTheCommitsMadeThere() throws SQLException {
        CrashPlan plan = CrashPlan.at(Selector.afterCommit().within(PLACE)).occurrence(2);

        CrashResult crash = ENGINE.crashInProcess(plan, orders());

        // The run's second commit is o-1's placing; the second within place is o-2's, the run's fourth.
        assertThat(durable())
                .containsExactly(
                        "order o-1 cancelled",
                        "order o-2 placed",
                        "outbox o-1 placed",
                        "outbox o-1 cancelled",
                        "outbox o-2 placed");
        assertThat(crash.crashSite().occurrence()).isEqualTo(2);
        assertThat(crash.hitCounts()).containsEntry("after commit", 4);
        assertThat(crash.replayKey())
                .isEqualTo("selector=after-commit;within=dev.deliverykit.places.Orders#place;hit=2");
        assertThat(CrashPlan.fromReplayKey(BoundaryCatalogue.builder("none").build(), crash.replayKey())
                        .boundary())
                .isEqualTo(plan.boundary());
    }

    @Test
    void aMethodBoundaryWithinAPlace() throws SQLException {
        CrashPlan plan = CrashPlan.at(
                        Selector.methodExit("dev.deliverykit.places.Outbox#add").within(PLACE))
                .occurrence(2);

        ENGINE.crashInProcess(plan, orders());

        // After o-2's outbox row was written, before its transaction committed.
        assertThat(durable()).containsExactly("order o-1 cancelled", "outbox o-1 placed", "outbox o-1 cancelled");
    }

    @Test
    void aPlaceNeverOnTheStackFailsTheRunSayingSoAndWhatItMayHaveMeant() {
        CrashPlan mistyped = CrashPlan.at(Selector.afterCommit().within("dev.deliverykit.place.Orders#cancel"));
        CrashPlan unknown = CrashPlan.at(Selector.afterCommit().within("com.example.Nowhere#run"));

        assertThatThrownBy(() -> ENGINE.crashInProcess(mistyped, orders()))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(notReached(
                        "dev.deliverykit.place.Orders#cancel",
                        "; dev.deliverykit.places.Orders#cancel was on the stack"));
        assertThatThrownBy(() -> ENGINE.crashInProcess(unknown, orders("unknown.db")))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(notReached("com.example.Nowhere#run", ""));
    }

    /** The run-specific start of the message, up to the part its factory test pins. */
    private static String notReached(String place, String lookalike) {
        return "Boundary not reached: the crash was armed at hit 1 of after commit within " + place + ", but the"
                + " workload returned normally after reaching it 0 times.\n"
                + "Reached boundaries (hits):\n"
                + "  after statement \"CREATE TABLE IF NOT EXISTS orders(id TEXT PRIMARY KEY, status TEXT NOT NULL)\": 1\n"
                + "  after statement \"CREATE TABLE IF NOT EXISTS outbox(seq INTEGER PRIMARY KEY AUTOINCREMENT,"
                + " order_id TEXT NOT NULL, event TEXT NOT NULL)\": 1\n"
                + "  after commit: 4\n"
                + "  after statement \"INSERT INTO orders(id, status) VALUES (?, 'placed')\": 2\n"
                + "  after statement \"INSERT INTO outbox(order_id, event) VALUES (?, ?)\": 3\n"
                + "  after statement \"UPDATE orders SET status = 'cancelled' WHERE id = ?\": 1\n"
                + "Note: the place " + place + " was never on the stack: after commit was reached 4 times, none of"
                + " them inside it (a place names the class that declares the method by its fully qualified name,"
                + " nested classes with $" + lookalike + ").\n"
                + "Expected: ";
    }

    @Test
    void aRecordingNamesEachHitsPlaceAndEveryPlaceOnItsStack() {
        Recording recording =
                ENGINE.record(WatchList.of().withEveryTransactionEnd().withEveryStatement(), orders());

        List<String> places = new ArrayList<>();
        for (BoundaryHit hit : recording.hits()) {
            if (hit.boundary().name().startsWith("after ")) {
                places.add(hit.boundary().name().replaceAll("\"(.{20}).*\"", "\"$1…\"") + " #" + hit.occurrence()
                        + " in " + hit.place().map(Place::reference).orElse("?") + " on "
                        + hit.places().stream()
                                .map(Place::reference)
                                .filter(place -> place.matches("dev\\.deliverykit\\.(places|sites)\\..*"))
                                .map(place -> place.replaceFirst("dev\\.deliverykit\\.(places|sites)\\.", ""))
                                .toList());
            }
        }
        String orders = "dev.deliverykit.places.Orders";
        assertThat(places)
                .containsExactly(
                        "after statement \"CREATE TABLE IF NOT …\" #1 in " + orders + "#createTables on"
                                + " [Orders#createTables, Db#inTx]",
                        "after statement \"CREATE TABLE IF NOT …\" #1 in " + orders + "#createTables on"
                                + " [Orders#createTables, Db#inTx]",
                        "after commit #1 in " + orders
                                + "#createTables on [Db#inTx, Unchecked#run, Orders#createTables]",
                        "after statement \"INSERT INTO orders(i…\" #1 in " + orders
                                + "#place on [Orders#place, Db#inTx]",
                        "after statement \"INSERT INTO outbox(o…\" #1 in dev.deliverykit.places.Outbox#add on"
                                + " [Outbox#add, Orders#place, Db#inTx]",
                        "after commit #2 in " + orders + "#place on [Db#inTx, Unchecked#run, Orders#place]",
                        "after statement \"UPDATE orders SET st…\" #1 in " + orders + "#cancel on"
                                + " [Orders#cancel, Db#inTx]",
                        "after statement \"INSERT INTO outbox(o…\" #2 in dev.deliverykit.places.Outbox#add on"
                                + " [Outbox#add, Orders#cancel, Db#inTx]",
                        "after commit #3 in " + orders + "#cancel on [Db#inTx, Unchecked#run, Orders#cancel]",
                        "after statement \"INSERT INTO orders(i…\" #2 in " + orders
                                + "#place on [Orders#place, Db#inTx]",
                        "after statement \"INSERT INTO outbox(o…\" #3 in dev.deliverykit.places.Outbox#add on"
                                + " [Outbox#add, Orders#place, Db#inTx]",
                        "after commit #4 in " + orders + "#place on [Db#inTx, Unchecked#run, Orders#place]");
        // The workload's own lambda is a place too; the test runner's frames under the run are not.
        assertThat(recording.hits().get(0).places())
                .contains(Place.of(PlaceSelectorTest.class, "orders"))
                .noneMatch(place -> place.typeName().startsWith("org.junit."));
    }

    @Test
    void aChildJvmCrashesWithinThePlaceAndCarriesThePlacesOfItsRecordingBack() throws SQLException {
        Path file = dir.resolve("orders.db");

        Recording recording = ENGINE.recordInChildProcess(
                WatchList.of().withEveryTransactionEnd(),
                ChildLaunch.of(OrdersWorkload.class)
                        .args(dir.resolve("recorded.db").toString()));
        ENGINE.crashInChildProcess(
                CrashPlan.at(Selector.afterCommit().within(CANCEL)), OrdersWorkload.class, file.toString());

        assertThat(durable()).containsExactly("order o-1 cancelled", "outbox o-1 placed", "outbox o-1 cancelled");
        BoundaryHit cancelled = recording.hits().get(5);
        assertThat(cancelled.toString()).startsWith("after commit #3 on main at dev.deliverykit.places.Orders.cancel(");
        assertThat(cancelled.place()).contains(CANCEL);
        assertThat(cancelled.places()).contains(CANCEL, Place.of(OrdersWorkload.class, "run"));
    }
}
