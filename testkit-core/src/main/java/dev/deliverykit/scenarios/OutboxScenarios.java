package dev.deliverykit.scenarios;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import dev.deliverykit.reference.outbox.ExecutionResult;
import dev.deliverykit.reference.outbox.IdempotencyKey;
import dev.deliverykit.reference.outbox.IdempotentReceiver;
import dev.deliverykit.reference.outbox.NewCommand;
import dev.deliverykit.reference.outbox.OutboxCommand;
import dev.deliverykit.reference.outbox.ReservationIntent;
import dev.deliverykit.reference.outbox.StepwiseCrashReplay;
import dev.deliverykit.reference.outbox.StepwiseRun;
import dev.deliverykit.reference.outbox.TransactionalOutbox;
import dev.deliverykit.internal.json.CanonicalJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Section 1 of protocols.md (seeds 001 and 002): the seed-001 demo, the idempotent receiver's answers,
 * and the 3 x 5 crash matrix, each run on fresh files below the work directory.
 *
 * <p>The matrix comes from {@link StepwiseCrashReplay} (a stepwise simulation) until the boundary
 * engine produces it from real crashes. Cells with {@code N != 1} are bold, as in protocols.md.
 *
 * <pre>{@code
 * String markdown = new OutboxScenarios().render(Files.createTempDirectory("scenarios"));
 * }</pre>
 */
public final class OutboxScenarios implements ScenarioSection {

    private static final String TENANT = "tenantA";

    @Override
    public String render(Path workDirectory) throws Exception {
        return "## Transactional outbox + idempotent receiver\n\n"
                + seed001Demo(Files.createDirectories(workDirectory.resolve("seed-001")))
                + "\n"
                + receiverAnswers(Files.createDirectories(workDirectory.resolve("receiver")))
                + "\n"
                + crashMatrix(Files.createDirectories(workDirectory.resolve("matrix")));
    }

    private static String seed001Demo(Path directory) {
        SqliteDatabase flowDb = SqliteDatabase.at(directory.resolve("flow.db"));
        SqliteDatabase supplierDb = SqliteDatabase.at(directory.resolve("supplier.db"));
        MarkdownTable deliveries = new MarkdownTable("delivery", "command id", "supplier outcome", "supplier result");
        IdempotencyKey key;
        try (TransactionalOutbox outbox = new TransactionalOutbox(flowDb);
                IdempotentReceiver supplier = new IdempotentReceiver(supplierDb)) {
            outbox.append("trip-001", 0, "trip_requested", Map.of("city", "Chengdu"),
                    List.of(new NewCommand("lock_budget", Map.of("trip_id", "trip-001"))));
            OutboxCommand first = outbox.pending().get(0);
            key = new IdempotencyKey(TENANT, first.commandId());
            deliveries.row(deliveryRow("first delivery", first, supplier.execute(key, first.payload())));
            // the process dies here: no markDone
        }
        try (TransactionalOutbox outbox = new TransactionalOutbox(flowDb);
                IdempotentReceiver supplier = new IdempotentReceiver(supplierDb)) {
            OutboxCommand again = outbox.pending().get(0);
            deliveries.row(deliveryRow("retry by new instances (markDone never ran)", again,
                    supplier.execute(new IdempotencyKey(TENANT, again.commandId()), again.payload())));
            outbox.markDone(again.commandId());
            MarkdownTable figures = new MarkdownTable("figure", "value")
                    .row("real side effects", supplier.effectCount(key))
                    .row("pending", outbox.pending().size());
            return "### Seed 001 demo: crash after the supplier's success, before `markDone`\n\n"
                    + deliveries.render() + "\n" + figures.render();
        }
    }

    private static Object[] deliveryRow(String delivery, OutboxCommand command, ExecutionResult answer) {
        return new Object[] {delivery, command.commandId(), ContractWords.of(answer.outcome()), answer.result().orElse("-")};
    }

    private static String receiverAnswers(Path directory) {
        MarkdownTable table = new MarkdownTable("request", "key", "core parameters", "outcome", "result", "N(key)");
        Map<String, Object> one = Map.of("part", "P-7", "quantity", 1);
        try (IdempotentReceiver receiver = new IdempotentReceiver(SqliteDatabase.at(directory.resolve("warehouse.db")))) {
            answer(table, receiver, "first request", new IdempotencyKey(TENANT, "reserve42"), one);
            answer(table, receiver, "same key, same parameters", new IdempotencyKey(TENANT, "reserve42"), one);
            answer(table, receiver, "same key, other quantity", new IdempotencyKey(TENANT, "reserve42"),
                    Map.of("part", "P-7", "quantity", 2));
            answer(table, receiver, "same id, other tenant", new IdempotencyKey("tenantB", "reserve42"), one);
            answer(table, receiver, "other key, identical body", new IdempotencyKey(TENANT, "reserve43"), one);
        }
        return "### Idempotent receiver: key, parameter digest and result stored with the effect\n\n"
                + table.render();
    }

    private static void answer(MarkdownTable table, IdempotentReceiver receiver, String request,
            IdempotencyKey key, Map<String, Object> parameters) {
        ExecutionResult result = receiver.execute(key, parameters);
        table.row(request, key, CanonicalJson.write(parameters), ContractWords.of(result.outcome()), result.result().orElse("-"),
                receiver.effectCount(key));
    }

    private static String crashMatrix(Path directory) throws Exception {
        ReservationIntent intent = new ReservationIntent("reserve42", "P-7", 1);
        MarkdownTable boundaries = new MarkdownTable("#", "boundary");
        List<String> header = new ArrayList<>(List.of("protocol"));
        for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
            boundaries.row(boundary.number(), boundary.description());
            header.add(Integer.toString(boundary.number()));
        }
        MarkdownTable matrix = new MarkdownTable(header.toArray(String[]::new));
        for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
            List<Object> cells = new ArrayList<>(List.of(protocol.label()));
            for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
                Path cell = Files.createDirectories(
                        directory.resolve(protocol.name().toLowerCase(Locale.ROOT) + "-" + boundary.number()));
                StepwiseRun run = StepwiseCrashReplay.run(protocol, boundary,
                        SqliteDatabase.at(cell.resolve("orchestrator.db")),
                        SqliteDatabase.at(cell.resolve("warehouse.db")), TENANT, intent);
                long effects = run.effectsAfterRecovery();
                cells.add(effects == 1 ? Long.toString(effects) : "**" + effects + "**");
            }
            matrix.row(cells.toArray());
        }
        return "### 3 x 5 crash matrix (seed 002): effect count N after recovery\n\n"
                + boundaries.render() + "\n" + matrix.render() + "\n"
                + "Stepwise simulation: each cell replays the public steps completed before boundary k, then"
                + " recovers with new instances (the caller resubmits, then `recover()`); the crash-engine"
                + " version replaces this table later.\n";
    }
}
