package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CrashScenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** The checks of {@link IdempotentReceiverContract}: what the kit sends, and how it judges the answers and effects. */
final class ReceiverChecks {

    static final Request RESERVE = new Request("tenantA", "reserve-1", Map.of("part", "P-7", "quantity", "1"));
    static final Request OTHER_PARAMETERS = new Request("tenantA", "reserve-1", Map.of("part", "P-7", "quantity", "2"));
    static final Request OTHER_TENANT = new Request("tenantB", "reserve-1", RESERVE.parameters());
    static final Request SECOND_KEY = new Request("tenantA", "reserve-2", RESERVE.parameters());

    /** How many workers race for one key. */
    static final int WORKERS = 4;

    private static final Class<?> CONTRACT = IdempotentReceiverContract.class;
    private static final String DEDUP_FIX = "store the key (tenant and id) and a digest of the parameters in the"
            + " transaction that commits the effect, answer a known key from it, and let a unique constraint on the"
            + " key stop a second insert.";

    private ReceiverChecks() {}

    /** A request that dies at the case's boundary, then the sender's retry in a fresh process: one effect. */
    static void crashThenRetry(ContractRun<IdempotentReceiverAdapter.Receiver> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        try (IdempotentReceiverAdapter.Receiver receiver = run.start()) {
            scenario.run(() -> receiver.handle(RESERVE)); // dies at the boundary
        }
        scenario.restart(
                () -> { // the sender got no answer: it sends again, to a fresh process
                    try (IdempotentReceiverAdapter.Receiver restarted = run.start()) {
                        restarted.handle(RESERVE);
                    }
                });
        scenario.assertHolds(exactlyOnce(run, RESERVE));
    }

    /** The same request three times, the last after a restart: executed, replayed, replayed; one effect. */
    static void duplicate(ContractRun<IdempotentReceiverAdapter.Receiver> run) throws Exception {
        List<Answer> answers = send(run, List.of(RESERVE, RESERVE), List.of(RESERVE));
        CheckFailure.of(
                        CONTRACT,
                        IdempotentReceiverContract.DUPLICATE_SAME_PARAMETERS,
                        "sent " + RESERVE + " three times, the third to a restarted process",
                        DEDUP_FIX)
                .expect(exactlyOnce(run, RESERVE).check())
                .expect("answered", answers, List.of(Answer.EXECUTED, Answer.REPLAYED, Answer.REPLAYED))
                .throwIfAny();
    }

    /** A request, then the same key with other parameters, twice: conflict both times; the one effect stays. */
    static void conflict(ContractRun<IdempotentReceiverAdapter.Receiver> run) throws Exception {
        List<Answer> answers = send(run, List.of(RESERVE, OTHER_PARAMETERS), List.of(OTHER_PARAMETERS));
        CheckFailure.of(
                        CONTRACT,
                        IdempotentReceiverContract.OTHER_PARAMETERS_CONFLICT,
                        "sent " + RESERVE + ", then " + OTHER_PARAMETERS + " twice, the second time to a restarted"
                                + " process",
                        "compare a digest of the core parameters with the one stored for the key, and answer a"
                                + " different one as a conflict, writing nothing.")
                .expect(exactlyOnce(run, RESERVE).check())
                .expect("answered", answers, List.of(Answer.EXECUTED, Answer.CONFLICT, Answer.CONFLICT))
                .throwIfAny();
    }

    /** One key under two tenants: both executed, one effect each. */
    static void tenants(ContractRun<IdempotentReceiverAdapter.Receiver> run) throws Exception {
        twoIntents(
                run,
                IdempotentReceiverContract.TENANT_IN_KEY,
                OTHER_TENANT,
                "make the tenant part of the key, in the dedup record and in its unique constraint.");
    }

    /** Two keys with the same parameters: both executed, one effect each. */
    static void twoKeys(ContractRun<IdempotentReceiverAdapter.Receiver> run) throws Exception {
        twoIntents(
                run,
                IdempotentReceiverContract.KEY_NOT_BODY,
                SECOND_KEY,
                "dedup by the intent's key as the sender gives it, never by a hash of the request body.");
    }

    private static void twoIntents(
            ContractRun<IdempotentReceiverAdapter.Receiver> run, String check, Request second, String fix)
            throws Exception {
        List<Answer> answers = send(run, List.of(RESERVE, second), List.of());
        CheckFailure.of(CONTRACT, check, "sent " + RESERVE + ", then " + second, fix)
                .expect(exactlyOnce(run, RESERVE, second).check())
                .expect("answered", answers, List.of(Answer.EXECUTED, Answer.EXECUTED))
                .throwIfAny();
    }

    /**
     * {@value #WORKERS} workers, each with a process of its own, released at once on one key; then a retry in a fresh
     * process. One effect; one worker executed, the others replayed or refused (a thrown error: their caller
     * retries), and the retry replayed.
     */
    static void concurrentWorkers(ContractRun<IdempotentReceiverAdapter.Receiver> run) throws Exception {
        run.createDatabases();
        List<IdempotentReceiverAdapter.Receiver> workers = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
        List<String> answers = new ArrayList<>();
        try {
            for (int i = 0; i < WORKERS; i++) {
                workers.add(run.start());
            }
            CyclicBarrier start = new CyclicBarrier(WORKERS);
            List<Future<Answer>> handled = new ArrayList<>();
            for (IdempotentReceiverAdapter.Receiver worker : workers) {
                handled.add(pool.submit(() -> {
                    start.await(); // every worker has seen "key absent" or not: they go at once
                    return worker.handle(RESERVE);
                }));
            }
            for (Future<Answer> answer : handled) {
                try {
                    answers.add(answer.get(1, TimeUnit.MINUTES).name());
                } catch (ExecutionException refused) {
                    answers.add("threw " + refused.getCause().getClass().getSimpleName());
                }
            }
        } finally {
            pool.shutdownNow();
            for (IdempotentReceiverAdapter.Receiver worker : workers) {
                worker.close();
            }
        }
        Answer retried;
        try (IdempotentReceiverAdapter.Receiver restarted = run.start()) {
            retried = restarted.handle(RESERVE);
        }
        long executed = answers.stream().filter(Answer.EXECUTED.name()::equals).count();
        List<String> unexpected = answers.stream()
                .filter(answer -> !answer.equals(Answer.EXECUTED.name())
                        && !answer.equals(Answer.REPLAYED.name())
                        && !answer.startsWith("threw "))
                .collect(Collectors.toList());
        CheckFailure.of(
                        CONTRACT,
                        IdempotentReceiverContract.CONCURRENT_WORKERS,
                        "released " + WORKERS + " workers, each with a process of its own, on " + RESERVE
                                + " at once (answers: " + String.join(", ", answers) + "), then sent it again to a"
                                + " fresh process (answer: " + retried + ")",
                        DEDUP_FIX)
                .expect(exactlyOnce(run, RESERVE).check())
                .expect("workers executed", executed, 1L)
                .expectNot(
                        !unexpected.isEmpty(),
                        unexpected.isEmpty() ? "" : "a worker answered " + unexpected.get(0),
                        "answers other than executed, replayed or a thrown refusal: " + unexpected)
                .expect("the retry after the race answered", retried, Answer.REPLAYED)
                .throwIfAny();
    }

    /** Sends {@code first} to a new process, then {@code afterRestart} to another one; what it answered, in order. */
    private static List<Answer> send(
            ContractRun<IdempotentReceiverAdapter.Receiver> run, List<Request> first, List<Request> afterRestart)
            throws Exception {
        run.createDatabases();
        List<Answer> answers = new ArrayList<>();
        for (List<Request> process : List.of(first, afterRestart)) {
            try (IdempotentReceiverAdapter.Receiver receiver = run.start()) {
                for (Request request : process) {
                    answers.add(receiver.handle(request));
                }
            }
        }
        return answers;
    }

    /** Exactly one effect per request: the kit's keys on one side, the adapter's effects on the other. */
    static Invariant exactlyOnce(ContractRun<IdempotentReceiverAdapter.Receiver> run, Request... requests) {
        Query effects = ((IdempotentReceiverAdapter) run.adapter()).effects();
        List<List<String>> keys = new ArrayList<>();
        for (Request request : requests) {
            keys.add(List.of(request.tenant(), request.key()));
        }
        return Invariants.exactlyOncePerKey("exactly once per request")
                .intentsFrom(run.source(effects, "effects"), DurableRows.constant(keys))
                .effectsFrom(run.source(effects, "effects"), effects.sql());
    }
}
