package dev.deliverykit.reference.scenarios;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import dev.deliverykit.reference.ordered.RelayResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The fresh producer and consumer databases of the ordered scenarios, one pair per scenario name below the work
 * directory, and the steps the scenarios repeat on them: the seed's events, relaying, SQL of their own.
 */
final class OrderedPairs {

    private static final List<FlowState> KINDS = List.of(FlowState.RESERVED, FlowState.CONFIRMED, FlowState.RELEASED);

    private final Path workDirectory;

    OrderedPairs(Path workDirectory) {
        this.workDirectory = workDirectory;
    }

    /** A producer and a consumer database of one scenario. */
    record Pair(SqliteDatabase producerDb, SqliteDatabase consumerDb) {}

    /** The databases of {@code scenario}. */
    Pair next(String scenario) {
        return new Pair(
                SqliteDatabase.at(workDirectory.resolve(scenario + "-producer.db")),
                SqliteDatabase.at(workDirectory.resolve(scenario + "-consumer.db")));
    }

    // --- helpers -------------------------------------------------------------------------------

    static Event step(String flowId, int seq) {
        return Event.v1(flowId + seq, flowId, seq, KINDS.get(seq - 1), 3);
    }

    static List<String> relayUntilIdle(Relay relay) {
        List<String> outcomes = new ArrayList<>();
        RelayResult result;
        do {
            result = relay.relay();
            outcomes.add(OrderedCells.describe(result));
        } while (result.outcome() != RelayOutcome.IDLE);
        return outcomes;
    }

    static String relayOnce(Pair pair) {
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb());
                Relay relay = new Relay(pair.producerDb(), consumer)) {
            return OrderedCells.describe(relay.relay());
        }
    }

    static String failure(Runnable call) {
        try {
            call.run();
            return "succeeded (WRONG: the trigger should have rejected it)";
        } catch (StoreException e) {
            return "StoreException";
        }
    }

    static void execute(SqliteDatabase db, String ddl) throws SQLException {
        try (Connection connection = db.open();
                Statement statement = connection.createStatement()) {
            statement.execute(ddl);
        }
    }

    /** The single number a {@code SELECT count(*)} constant returns, read through a connection of its own. */
    static long count(SqliteDatabase db, String countSql) {
        try (Connection connection = db.open();
                PreparedStatement statement = connection.prepareStatement(countSql);
                ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getLong(1) : 0;
        } catch (SQLException e) {
            throw StoreException.of(countSql, db, e);
        }
    }
}
