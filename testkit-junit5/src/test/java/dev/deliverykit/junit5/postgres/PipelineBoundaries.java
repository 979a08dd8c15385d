package dev.deliverykit.junit5.postgres;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.junit5.postgres.pipeline.FlowConsumer;
import dev.deliverykit.junit5.postgres.pipeline.FlowProducer;
import dev.deliverykit.junit5.postgres.pipeline.FlowRelay;

/** The ten crash boundaries of protocols.md section 2 in the PostgreSQL pipeline, numbered as the contract's table. */
public final class PipelineBoundaries {

    public static final BoundaryCatalogue TEN = BoundaryCatalogue.builder("pg ordered pipeline")
            .add("producer.after-flow-update", Selector.afterStatement("^INSERT INTO flow\\(")) // 1
            .add("producer.after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox\\(")) // 2
            .add("producer.after-commit", Selector.methodExit(FlowProducer.class, "advance")) // 3
            .add("consumer.after-inbox-insert", Selector.afterStatement("^INSERT INTO inbox\\(")) // 4
            .add("consumer.after-receive-commit", Selector.methodExit(FlowConsumer.class, "receive")) // 5
            .add("relay.after-accepted-update", Selector.afterStatement("^UPDATE outbox SET accepted = 1 ")) // 6
            .add("relay.after-accepted-commit", Selector.methodExit(FlowRelay.class, "markAccepted")) // 7
            .add("apply.after-projection-update", Selector.afterStatement("^INSERT INTO projection\\(")) // 8
            .add("apply.after-applied-mark", Selector.afterStatement("^UPDATE inbox SET state = 'applied'")) // 9
            .add("apply.after-commit", Selector.methodExit(FlowConsumer.class, "apply")) // 10
            .build();

    /** The names in the table's order. */
    public static final String[] NAMES = {
        "producer.after-flow-update",
        "producer.after-outbox-insert",
        "producer.after-commit",
        "consumer.after-inbox-insert",
        "consumer.after-receive-commit",
        "relay.after-accepted-update",
        "relay.after-accepted-commit",
        "apply.after-projection-update",
        "apply.after-applied-mark",
        "apply.after-commit"
    };

    private PipelineBoundaries() {}
}
