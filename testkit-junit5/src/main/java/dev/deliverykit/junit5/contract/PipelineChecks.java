package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CrashScenario;
import java.util.List;
import java.util.Map;

/** The checks of {@link DeliveryPipelineContract}. */
final class PipelineChecks {

    static final Intent RESERVE_1 = new Intent("reserve-1", Map.of("part", "P-7", "quantity", "1"));
    static final Intent RESERVE_2 = new Intent("reserve-2", Map.of("part", "P-8", "quantity", "2"));
    static final Intent RESERVE_3 = new Intent("reserve-3", Map.of("part", "P-9", "quantity", "3"));

    private static final Class<?> CONTRACT = DeliveryPipelineContract.class;
    private static final String FIX = "record the intent and its outbox row in one transaction, mark a row done only"
            + " after the receiver's answer, resend what is pending, and let the receiver store its dedup record in"
            + " the transaction of the effect.";

    private PipelineChecks() {}

    /** Submitting and relaying die at the case's boundary; the caller resubmits and a fresh process relays. */
    static void submitThenRecover(ContractRun<DeliveryPipelineAdapter.Pipeline> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        try (DeliveryPipelineAdapter.Pipeline pipeline = run.start()) {
            scenario.run(
                    () -> { // dies at the boundary
                        pipeline.submit(RESERVE_1);
                        pipeline.relayPending();
                    });
        }
        scenario.restart(
                () -> { // the caller got no answer: it resubmits; the relay resends what is pending
                    try (DeliveryPipelineAdapter.Pipeline restarted = run.start()) {
                        restarted.submit(RESERVE_1);
                        restarted.relayPending();
                    }
                });
        scenario.assertHolds(exactlyOnce(run));
        CheckFailure.of(
                        CONTRACT,
                        run.checkId(),
                        "submitted " + RESERVE_1 + " and relayed, crashed, then resubmitted and relayed in a fresh"
                                + " process",
                        FIX)
                .expect("intents recorded", (long) recorded(run), 1L)
                .throwIfAny();
    }

    /** The intent submitted and relayed, then submitted again after a restart and relayed: one effect. */
    static void resubmitted(ContractRun<DeliveryPipelineAdapter.Pipeline> run) throws Exception {
        run.createDatabases();
        try (DeliveryPipelineAdapter.Pipeline pipeline = run.start()) {
            pipeline.submit(RESERVE_1);
            pipeline.relayPending();
        }
        try (DeliveryPipelineAdapter.Pipeline restarted = run.start()) {
            restarted.submit(RESERVE_1);
            restarted.relayPending();
        }
        CheckFailure.of(
                        CONTRACT,
                        DeliveryPipelineContract.RESUBMITTED_ONCE,
                        "submitted " + RESERVE_1 + " and relayed, then submitted it again in a restarted process and"
                                + " relayed",
                        FIX)
                .expect(exactlyOnce(run).check())
                .expect("intents recorded", (long) recorded(run), 1L)
                .throwIfAny();
    }

    /** Three intents submitted and relayed, relayed again after a restart: one effect each. */
    static void severalIntents(ContractRun<DeliveryPipelineAdapter.Pipeline> run) throws Exception {
        run.createDatabases();
        try (DeliveryPipelineAdapter.Pipeline pipeline = run.start()) {
            for (Intent intent : List.of(RESERVE_1, RESERVE_2, RESERVE_3)) {
                pipeline.submit(intent);
            }
            pipeline.relayPending();
        }
        try (DeliveryPipelineAdapter.Pipeline restarted = run.start()) {
            restarted.relayPending();
        }
        CheckFailure.of(
                        CONTRACT,
                        DeliveryPipelineContract.EVERY_INTENT_ONCE,
                        "submitted " + List.of(RESERVE_1, RESERVE_2, RESERVE_3) + " and relayed, then relayed again"
                                + " in a restarted process",
                        FIX)
                .expect(exactlyOnce(run).check())
                .expect("intents recorded", (long) recorded(run), 3L)
                .throwIfAny();
    }

    /** Exactly one effect per recorded intent, both read from the adapter's queries. */
    static Invariant exactlyOnce(ContractRun<DeliveryPipelineAdapter.Pipeline> run) {
        DeliveryPipelineAdapter adapter = (DeliveryPipelineAdapter) run.adapter();
        return Invariants.exactlyOncePerKey("exactly once per intent")
                .intentsFrom(
                        run.source(adapter.intents(), "intents"),
                        adapter.intents().sql())
                .effectsFrom(
                        run.source(adapter.effects(), "effects"),
                        adapter.effects().sql());
    }

    private static int recorded(ContractRun<DeliveryPipelineAdapter.Pipeline> run) {
        return run.rows(((DeliveryPipelineAdapter) run.adapter()).intents(), "intents")
                .size();
    }
}
