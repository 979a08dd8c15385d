package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CrashScenario;
import java.util.List;
import java.util.Map;

/** The checks of {@link TransactionalOutboxContract}. */
final class OutboxChecks {

    static final Intent ORDER = new Intent("o-1", Map.of("customer", "alice", "amount", "1250"));

    private static final Class<?> CONTRACT = TransactionalOutboxContract.class;

    private OutboxChecks() {}

    /** Recording dies at the case's boundary; the caller retries in a fresh process: state and outbox row together. */
    static void recordThenRetry(ContractRun<TransactionalOutboxAdapter.Producer> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        try (TransactionalOutboxAdapter.Producer producer = run.start()) {
            scenario.run(() -> producer.record(ORDER)); // dies at the boundary
        }
        scenario.restart(
                () -> { // the caller got no answer: it records the intent again
                    try (TransactionalOutboxAdapter.Producer restarted = run.start()) {
                        restarted.record(ORDER);
                    }
                });
        scenario.assertHolds(stateAndOutboxTogether(run));
    }

    /**
     * The intent recorded; relaying it dies at the case's boundary; a fresh process relays: the intent relayed, state
     * and outbox row still together.
     */
    static void relayThenRecover(ContractRun<TransactionalOutboxAdapter.Producer> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        scenario.prepare(
                () -> { // recorded before the relay's run
                    try (TransactionalOutboxAdapter.Producer producer = run.start()) {
                        producer.record(ORDER);
                    }
                });
        try (TransactionalOutboxAdapter.Producer producer = run.start()) {
            scenario.run(producer::relayOnce); // dies at the boundary
        }
        scenario.restart(
                () -> { // the relay's next run resends what is pending
                    try (TransactionalOutboxAdapter.Producer restarted = run.start()) {
                        restarted.relayOnce();
                    }
                });
        scenario.assertHolds(stateAndOutboxTogether(run), noLostIntent(run));
    }

    /**
     * Recording and relaying die at the case's boundary; the caller retries and a fresh process relays: state and
     * outbox row together, and the intent relayed.
     */
    static void recordRelayThenRecover(ContractRun<TransactionalOutboxAdapter.Producer> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        try (TransactionalOutboxAdapter.Producer producer = run.start()) {
            scenario.run(
                    () -> { // dies at the boundary
                        producer.record(ORDER);
                        producer.relayOnce();
                    });
        }
        scenario.restart(
                () -> { // the caller retries, and the relay's next run resends what is pending
                    try (TransactionalOutboxAdapter.Producer restarted = run.start()) {
                        restarted.record(ORDER);
                        restarted.relayOnce();
                    }
                });
        scenario.assertHolds(stateAndOutboxTogether(run), noLostIntent(run));
    }

    /** The intent recorded, then again after a restart: one state row, one outbox row. */
    static void retryRecordsOnce(ContractRun<TransactionalOutboxAdapter.Producer> run) throws Exception {
        run.createDatabases();
        try (TransactionalOutboxAdapter.Producer producer = run.start()) {
            producer.record(ORDER);
        }
        try (TransactionalOutboxAdapter.Producer restarted = run.start()) {
            restarted.record(ORDER);
        }
        CheckFailure.of(
                        CONTRACT,
                        TransactionalOutboxContract.RETRY_RECORDS_ONCE,
                        "recorded " + ORDER + ", then recorded it again in a restarted process",
                        "derive the outbox row's id from the intent (its key, step and index), never a fresh id per"
                                + " attempt, and answer a recorded intent without writing again.")
                .expect("state rows for " + ORDER, count(run.rows(adapter(run).intents(), "intents"), ORDER), 1L)
                .expect("outbox rows for " + ORDER, count(run.rows(adapter(run).outboxRows(), "outboxRows"), ORDER), 1L)
                .throwIfAny();
    }

    /** The intent recorded and relayed, the relay run again, and again after a restart: relayed once. */
    static void relayNeverResends(ContractRun<TransactionalOutboxAdapter.Producer> run) throws Exception {
        run.createDatabases();
        try (TransactionalOutboxAdapter.Producer producer = run.start()) {
            producer.record(ORDER);
            producer.relayOnce();
            producer.relayOnce();
        }
        try (TransactionalOutboxAdapter.Producer restarted = run.start()) {
            restarted.relayOnce();
        }
        CheckFailure.of(
                        CONTRACT,
                        TransactionalOutboxContract.RELAY_NEVER_RESENDS,
                        "recorded " + ORDER + ", relayed twice, then once more in a restarted process",
                        "mark a row done in the relay once its delivery is confirmed, and relay only rows not marked.")
                .expect("relayed " + ORDER, count(run.rows(adapter(run).delivered(), "delivered"), ORDER), 1L)
                .throwIfAny();
    }

    /** The intent recorded and relayed: its outbox row is still there. */
    static void rowsKept(ContractRun<TransactionalOutboxAdapter.Producer> run) throws Exception {
        run.createDatabases();
        try (TransactionalOutboxAdapter.Producer producer = run.start()) {
            producer.record(ORDER);
            producer.relayOnce();
        }
        long relayed = count(run.rows(adapter(run).delivered(), "delivered"), ORDER);
        CheckFailure.of(
                        CONTRACT,
                        TransactionalOutboxContract.ROWS_MARKED_NOT_DELETED,
                        "recorded " + ORDER + " and relayed it",
                        "mark relayed rows (a processed_at, a status) instead of deleting them, or declare this"
                                + " guarantee @NotPromised if deleting them is your design.")
                .expectNot(
                        relayed == 0,
                        "the relay delivered nothing",
                        "delivered() has no row for " + ORDER + ", so the check cannot tell a kept row from a pending"
                                + " one")
                .expect(
                        "outbox rows for " + ORDER + " after the relay",
                        count(run.rows(adapter(run).outboxRows(), "outboxRows"), ORDER),
                        1L)
                .throwIfAny();
    }

    static Invariant stateAndOutboxTogether(ContractRun<TransactionalOutboxAdapter.Producer> run) {
        Query intents = adapter(run).intents();
        Query outbox = adapter(run).outboxRows();
        return Invariants.stateAndOutboxTogether("state and outbox row together")
                .stateFrom(run.source(intents, "intents"), intents.sql())
                .outboxFrom(run.source(outbox, "outboxRows"), outbox.sql());
    }

    static Invariant noLostIntent(ContractRun<TransactionalOutboxAdapter.Producer> run) {
        Query delivered = adapter(run).delivered();
        return Invariants.noLostIntent("every intent relayed")
                .intentsFrom(run.source(delivered, "delivered"), DurableRows.constant(List.of(List.of(ORDER.key()))))
                .effectsFrom(run.source(delivered, "delivered"), delivered.sql());
    }

    private static TransactionalOutboxAdapter adapter(ContractRun<TransactionalOutboxAdapter.Producer> run) {
        return (TransactionalOutboxAdapter) run.adapter();
    }

    /** How many rows have the intent's key as their first column. */
    static long count(List<List<String>> rows, Intent intent) {
        return rows.stream()
                .filter(row -> !row.isEmpty() && intent.key().equals(row.get(0)))
                .count();
    }
}
