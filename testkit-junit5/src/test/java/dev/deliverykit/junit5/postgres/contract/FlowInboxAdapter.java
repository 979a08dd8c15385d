package dev.deliverykit.junit5.postgres.contract;

import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.InboxEvent;
import dev.deliverykit.junit5.contract.OrderedInboxAdapter;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.Received;
import dev.deliverykit.junit5.postgres.pipeline.FlowConsumer;
import dev.deliverykit.junit5.postgres.pipeline.FlowEvent;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The PostgreSQL consumer of the ordered pipeline as an ordered inbox: step 1, 2, 3 of a flow is {@code reserved},
 * {@code confirmed}, {@code released} of amount 3, the version its schema (the consumer reads schema 1 and blocks any
 * other), a payload other than {@code standard} another amount, so another body. {@code applyReady} is its worker:
 * every flow with a pending event, drained.
 */
public final class FlowInboxAdapter implements OrderedInboxAdapter {

    private static final List<String> STEPS = List.of("reserved", "confirmed", "released");

    @Override
    public List<String> databases() {
        return List.of("consumer");
    }

    @Override
    public Inbox start(Databases databases) {
        String url = databases.url("consumer");
        FlowConsumer consumer = new FlowConsumer(url);
        return new Inbox() {
            @Override
            public Received receive(InboxEvent event) {
                return switch (consumer.receive(body(event))) {
                    case ACCEPTED -> Received.ACCEPTED;
                    case DUPLICATE -> Received.DUPLICATE;
                    case ID_CONFLICT, SEQUENCE_CONFLICT -> Received.CONFLICT;
                };
            }

            @Override
            public void applyReady() throws SQLException {
                for (String flow : pendingFlows(url)) {
                    consumer.drain(flow, STEPS.size());
                }
            }
        };
    }

    @Override
    public Query applied() {
        return Query.on("consumer", "SELECT flow_id, seq FROM effect ORDER BY effect_id");
    }

    @Override
    public Optional<Query> blocked() {
        return Optional.of(Query.on("consumer", "SELECT event_id FROM inbox WHERE state = 'blocked'"));
    }

    static String body(InboxEvent event) {
        return new FlowEvent(
                        event.eventId(),
                        event.flow(),
                        event.seq(),
                        STEPS.get(event.seq() - 1),
                        event.version(),
                        event.payload().equals("standard") ? 3 : 4)
                .body();
    }

    private static List<String> pendingFlows(String url) throws SQLException {
        List<String> flows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url);
                Statement select = connection.createStatement();
                ResultSet rows = select.executeQuery(
                        "SELECT DISTINCT flow_id FROM inbox WHERE state = 'pending' ORDER BY flow_id")) {
            while (rows.next()) {
                flows.add(rows.getString(1));
            }
        }
        return flows;
    }
}
