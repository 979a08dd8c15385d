package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CrashScenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The checks of {@link DedupRetentionContract}. */
final class RetentionChecks {

    static final String NAMESPACE = "demo";
    static final String PARAMETERS = "{\"ticket\":\"T-1\"}";
    static final EpochRequest WORK_1 = new EpochRequest(NAMESPACE, 1, "work-1", PARAMETERS);

    private static final Class<?> CONTRACT = DedupRetentionContract.class;
    private static final Set<Answer> NEVER_AGAIN = Set.of(Answer.CLOSED, Answer.RESULT_EXPIRED);
    private static final Set<Answer> AFTER_A_CRASHED_CLEANUP =
            Set.of(Answer.REPLAYED, Answer.CLOSED, Answer.RESULT_EXPIRED);
    private static final String SEAL_FIX = "raise a per-namespace boundary (closed_through) in the transaction that"
            + " deletes the dedup records it replaces, and answer every request at or below it closed.";

    private RetentionChecks() {}

    /** work-1 executed, epoch 1 cleaned up, work-1 again after a restart: closed or expired, one effect. */
    static void lateDuplicate(ContractRun<DedupRetentionAdapter.Store> run) throws Exception {
        List<Answer> answers = afterCleanUp(run, WORK_1);
        CheckFailure.of(
                        CONTRACT,
                        DedupRetentionContract.LATE_REQUEST_AFTER_CLEANUP,
                        "executed " + WORK_1 + ", cleaned up " + NAMESPACE + " through epoch 1, then sent " + WORK_1
                                + " again to a restarted process (answer: " + answers.get(1) + ")",
                        SEAL_FIX)
                .expect(exactlyOnce(run, List.of(WORK_1)).check())
                .expect("the first request answered", answers.get(0), Answer.EXECUTED)
                .expectNot(
                        !NEVER_AGAIN.contains(answers.get(1)),
                        "the late request answered " + answers.get(1),
                        "the late request answered " + answers.get(1) + ", expected CLOSED or RESULT_EXPIRED")
                .throwIfAny();
    }

    /** work-1 executed, epoch 1 cleaned up, work-9 of epoch 1 (never seen): closed, no effect. */
    static void unseenRequest(ContractRun<DedupRetentionAdapter.Store> run) throws Exception {
        EpochRequest unseen = new EpochRequest(NAMESPACE, 1, "work-9", PARAMETERS);
        Answer answer = afterCleanUp(run, unseen).get(1);
        CheckFailure.of(
                        CONTRACT,
                        DedupRetentionContract.UNSEEN_REQUEST_CLOSED,
                        "executed " + WORK_1 + ", cleaned up " + NAMESPACE + " through epoch 1, then sent " + unseen
                                + ", never seen before, to a restarted process",
                        SEAL_FIX)
                .expect("the never-seen request answered", answer, Answer.CLOSED)
                .expect("effects of " + unseen, effects(run, unseen), 0L)
                .throwIfAny();
    }

    /** work-1 executed, epoch 1 cleaned up, work-2 of epoch 2: executed, one effect each. */
    static void nextEpoch(ContractRun<DedupRetentionAdapter.Store> run) throws Exception {
        EpochRequest next = new EpochRequest(NAMESPACE, 2, "work-2", PARAMETERS);
        Answer answer = afterCleanUp(run, next).get(1);
        CheckFailure.of(
                        CONTRACT,
                        DedupRetentionContract.NEXT_EPOCH_EXECUTES,
                        "executed " + WORK_1 + ", cleaned up " + NAMESPACE + " through epoch 1, then sent " + next
                                + " to a restarted process",
                        "seal only the epochs cleaned up: a request above the boundary is executed as before.")
                .expect("the next epoch's request answered", answer, Answer.EXECUTED)
                .expect(exactlyOnce(run, List.of(WORK_1, next)).check())
                .throwIfAny();
    }

    /**
     * work-1 executed and epoch 1 cleaned up in one process, then {@code later} sent to a restarted one: work-1's
     * answer, then {@code later}'s.
     */
    private static List<Answer> afterCleanUp(ContractRun<DedupRetentionAdapter.Store> run, EpochRequest later)
            throws Exception {
        List<Answer> answers = new ArrayList<>(executeThenCleanUp(run, WORK_1, 1));
        try (DedupRetentionAdapter.Store restarted = run.start()) {
            answers.add(restarted.handle(later));
        }
        return answers;
    }

    /** work-1 executed; the clean-up dies at the case's boundary; work-1 again in a fresh process: never executed. */
    static void crashInsideCleanup(ContractRun<DedupRetentionAdapter.Store> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        scenario.prepare(
                () -> { // the request was executed before the nightly clean-up
                    try (DedupRetentionAdapter.Store store = run.start()) {
                        store.handle(WORK_1);
                    }
                });
        try (DedupRetentionAdapter.Store store = run.start()) {
            scenario.run(() -> store.cleanUpThrough(NAMESPACE, 1)); // dies at the boundary
        }
        List<Answer> late = new ArrayList<>();
        scenario.restart(
                () -> { // a late duplicate arrives at a fresh process
                    try (DedupRetentionAdapter.Store restarted = run.start()) {
                        late.add(restarted.handle(WORK_1));
                    }
                });
        scenario.observe("late request", String.valueOf(late.get(0)));
        scenario.assertHolds(exactlyOnce(run, List.of(WORK_1)));
        CheckFailure.of(
                        CONTRACT,
                        run.checkId(),
                        "executed " + WORK_1 + ", crashed the clean-up of " + NAMESPACE + " through epoch 1, then sent "
                                + WORK_1 + " again to a fresh process",
                        SEAL_FIX)
                .expectNot(
                        !AFTER_A_CRASHED_CLEANUP.contains(late.get(0)),
                        "the late request answered " + late.get(0),
                        "the late request answered " + late.get(0) + ", expected REPLAYED (the clean-up rolled back),"
                                + " CLOSED or RESULT_EXPIRED")
                .throwIfAny();
    }

    /**
     * work-2 of epoch 2 executed, epoch 2 cleaned up, then a clean-up through epoch 1 (it may be refused), a restart:
     * work-2 again closed or expired; never-seen requests of epochs 1 and 2 closed.
     */
    static void boundaryNeverLowered(ContractRun<DedupRetentionAdapter.Store> run) throws Exception {
        EpochRequest work2 = new EpochRequest(NAMESPACE, 2, "work-2", PARAMETERS);
        EpochRequest unseen2 = new EpochRequest(NAMESPACE, 2, "work-7", PARAMETERS);
        EpochRequest unseen1 = new EpochRequest(NAMESPACE, 1, "work-8", PARAMETERS);
        executeThenCleanUp(run, work2, 2);
        String lower;
        try (DedupRetentionAdapter.Store store = run.start()) {
            store.cleanUpThrough(NAMESPACE, 1);
            lower = "done";
        } catch (Exception refused) {
            lower = "refused (" + refused.getClass().getSimpleName() + ")";
        }
        List<Answer> answers = new ArrayList<>();
        try (DedupRetentionAdapter.Store restarted = run.start()) { // re-initialised: the schema is created again
            answers.add(restarted.handle(work2));
            answers.add(restarted.handle(unseen2));
            answers.add(restarted.handle(unseen1));
        }
        CheckFailure.of(
                        CONTRACT,
                        DedupRetentionContract.BOUNDARY_NEVER_LOWERED,
                        "executed " + work2 + ", cleaned up " + NAMESPACE + " through epoch 2, then through epoch 1 ("
                                + lower + "), restarted, and sent " + work2 + ", " + unseen2 + " and " + unseen1,
                        "keep the boundary monotonic: refuse a lower clean-up, and never reset it when the schema is"
                                + " created again.")
                .expectNot(
                        !NEVER_AGAIN.contains(answers.get(0)),
                        work2 + " answered " + answers.get(0),
                        work2 + " answered " + answers.get(0) + ", expected CLOSED or RESULT_EXPIRED")
                .expect(
                        "the never-seen requests answered",
                        answers.subList(1, 3),
                        List.of(Answer.CLOSED, Answer.CLOSED))
                .expect(exactlyOnce(run, List.of(work2)).check())
                .throwIfAny();
    }

    /** Executes {@code request} and cleans up through {@code epoch}, in one process; the request's answers. */
    private static List<Answer> executeThenCleanUp(
            ContractRun<DedupRetentionAdapter.Store> run, EpochRequest request, long epoch) throws Exception {
        run.createDatabases();
        try (DedupRetentionAdapter.Store store = run.start()) {
            List<Answer> answers = List.of(store.handle(request));
            store.cleanUpThrough(NAMESPACE, epoch);
            return answers;
        }
    }

    /** Exactly one effect per request: the kit's keys on one side, the adapter's effects on the other. */
    static Invariant exactlyOnce(ContractRun<DedupRetentionAdapter.Store> run, List<EpochRequest> requests) {
        Query effects = ((DedupRetentionAdapter) run.adapter()).effects();
        List<List<String>> keys = requests.stream()
                .map(request -> List.of(request.namespace(), String.valueOf(request.epoch()), request.operation()))
                .toList();
        return Invariants.exactlyOncePerKey("exactly once per request")
                .intentsFrom(run.source(effects, "effects"), DurableRows.constant(keys))
                .effectsFrom(run.source(effects, "effects"), effects.sql());
    }

    private static long effects(ContractRun<DedupRetentionAdapter.Store> run, EpochRequest request) {
        return run.rows(((DedupRetentionAdapter) run.adapter()).effects(), "effects").stream()
                .filter(row ->
                        row.equals(List.of(request.namespace(), String.valueOf(request.epoch()), request.operation())))
                .count();
    }
}
