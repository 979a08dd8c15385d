package dev.deliverykit.junit5.postgres.contract;

import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.Intent;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import dev.deliverykit.junit5.postgres.pipeline.FlowConsumer;
import dev.deliverykit.junit5.postgres.pipeline.FlowEvent;
import dev.deliverykit.junit5.postgres.pipeline.FlowProducer;
import dev.deliverykit.junit5.postgres.pipeline.FlowRelay;
import java.util.List;

/**
 * The PostgreSQL producer of the ordered pipeline as a transactional outbox: an intent is step 1 ({@code reserved}, of
 * the lifecycle's amount 3) of the flow named by its key, the flow row and its outbox row in one transaction; the relay
 * hands rows to the pipeline's consumer, whose inbox holds what was delivered.
 */
public final class FlowOutboxAdapter implements TransactionalOutboxAdapter {

    /** More relay calls than one pass can need: a row the consumer refuses is picked again by every call. */
    private static final int RELAY_CALLS = 100;

    @Override
    public List<String> databases() {
        return List.of("producer", "consumer");
    }

    @Override
    public Producer start(Databases databases) {
        FlowProducer producer = new FlowProducer(databases.url("producer"));
        FlowRelay relay = new FlowRelay(databases.url("producer"), new FlowConsumer(databases.url("consumer")));
        return new Producer() {
            @Override
            public void record(Intent intent) {
                producer.advance(new FlowEvent(intent.key() + ":1", intent.key(), 1, "reserved", 1, 3), 0);
            }

            @Override
            public void relayOnce() {
                for (int call = 0; call < RELAY_CALLS; call++) {
                    if (relay.relay().eventId() == null) { // idle
                        return;
                    }
                }
            }
        };
    }

    @Override
    public Query intents() {
        return Query.on("producer", "SELECT flow_id FROM flow");
    }

    @Override
    public Query outboxRows() {
        return Query.on("producer", "SELECT flow_id FROM outbox");
    }

    @Override
    public Query delivered() {
        return Query.on("consumer", "SELECT flow_id FROM inbox");
    }
}
