package dev.deliverykit.benchmarks.pipeline;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.AdvanceOutcome;
import dev.deliverykit.reference.ordered.ApplyOutcome;
import dev.deliverykit.reference.ordered.ApplyResult;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import dev.deliverykit.reference.ordered.RelayResult;
import java.nio.file.Path;

/**
 * The reference pipeline kept open on two files and fed one event at a time: each event is one
 * {@code advance} transaction, one {@code relay} (the receive transaction and the accepted-mark
 * transaction) and one {@code apply} transaction; four commits, every one of them writing. Flows run
 * {@code reserved, confirmed, released}, then the next flow starts.
 *
 * <pre>{@code
 * try (PipelineStream stream = PipelineStream.open(dir)) {
 *     stream.nextEvent();   // F0 reserved: advanced, relayed (accepted), applied
 * }
 * }</pre>
 *
 * <p>Not thread-safe; one per benchmark thread.
 */
public final class PipelineStream implements AutoCloseable {

    /** Writing commits per event: advance, receive, mark accepted, apply. */
    public static final int COMMITS_PER_EVENT = 4;

    private static final FlowState[] STEPS = {FlowState.RESERVED, FlowState.CONFIRMED, FlowState.RELEASED};

    private final OrderedProducer producer;
    private final OrderedConsumer consumer;
    private final Relay relay;
    private long sent;

    private PipelineStream(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        this.producer = new OrderedProducer(producerDb);
        this.consumer = new OrderedConsumer(consumerDb);
        this.relay = new Relay(producerDb, consumer);
    }

    /** Opens producer, consumer and relay on {@code producer.db} and {@code consumer.db} in {@code dir}. */
    public static PipelineStream open(Path dir) {
        return new PipelineStream(CrashCase.producerDb(dir), CrashCase.consumerDb(dir));
    }

    /**
     * Moves the next event through the whole pipeline.
     *
     * @throws IllegalStateException if any step answers other than committed, accepted, applied
     */
    public void nextEvent() {
        long flowNumber = sent / STEPS.length;
        int step = (int) (sent % STEPS.length);
        String flowId = "F" + flowNumber;
        Event event = Event.v1(flowId + "-" + (step + 1), flowId, step + 1, STEPS[step], 3);
        AdvanceOutcome advanced = producer.advance(event, step);
        RelayResult relayed = relay.relay();
        ApplyResult applied = consumer.apply(flowId);
        if (advanced != AdvanceOutcome.COMMITTED
                || relayed.outcome() != RelayOutcome.ACCEPTED
                || applied.outcome() != ApplyOutcome.APPLIED) {
            throw new IllegalStateException("event " + event.eventId() + " did not go through the pipeline: advance "
                    + advanced + ", relay " + relayed.outcome() + ", apply " + applied.outcome()
                    + "; expected COMMITTED, ACCEPTED, APPLIED. The benchmark would time a different path.");
        }
        sent++;
    }

    /** {@link #nextEvent()} {@code count} times. */
    public void nextEvents(int count) {
        for (int i = 0; i < count; i++) {
            nextEvent();
        }
    }

    /** How many events went through. */
    public long sent() {
        return sent;
    }

    @Override
    public void close() {
        try {
            relay.close();
        } finally {
            try {
                consumer.close();
            } finally {
                producer.close();
            }
        }
    }
}
