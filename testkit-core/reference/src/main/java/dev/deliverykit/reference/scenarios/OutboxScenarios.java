package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.internal.json.CanonicalJson;
import dev.deliverykit.reference.outbox.ExecutionResult;
import dev.deliverykit.reference.outbox.IdempotencyKey;
import dev.deliverykit.reference.outbox.IdempotentReceiver;
import dev.deliverykit.reference.outbox.NewCommand;
import dev.deliverykit.reference.outbox.OutboxCommand;
import dev.deliverykit.reference.outbox.TransactionalOutbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Section 1 of protocols.md (seeds 001 and 002): the seed-001 demo, the idempotent receiver's answers,
 * and the 3 x 5 crash matrix, each run on fresh files below the work directory.
 *
 * <p>The matrix comes from real process exits of child JVMs, compared with the same crashes in process
 * ({@link DeliveryCrashMatrix}). Cells with {@code N != 1} are bold, as in protocols.md.
 *
 * <pre>{@code
 * String markdown = new OutboxScenarios().render(Files.createTempDirectory("scenarios"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
            outbox.append(
                    "trip-001",
                    0,
                    "trip_requested",
                    Map.of("city", "Chengdu"),
                    List.of(new NewCommand("lock_budget", Map.of("trip_id", "trip-001"))));
            OutboxCommand first = outbox.pending().get(0);
            key = new IdempotencyKey(TENANT, first.commandId());
            deliveries.row(deliveryRow("first delivery", first, supplier.execute(key, first.payload())));
            // the process dies here: no markDone
        }
        try (TransactionalOutbox outbox = new TransactionalOutbox(flowDb);
                IdempotentReceiver supplier = new IdempotentReceiver(supplierDb)) {
            OutboxCommand again = outbox.pending().get(0);
            deliveries.row(deliveryRow(
                    "retry by new instances (markDone never ran)",
                    again,
                    supplier.execute(new IdempotencyKey(TENANT, again.commandId()), again.payload())));
            outbox.markDone(again.commandId());
            MarkdownTable figures = new MarkdownTable("figure", "value")
                    .row("real side effects", supplier.effectCount(key))
                    .row("pending", outbox.pending().size());
            return "### Seed 001 demo: crash after the supplier's success, before `markDone`\n\n" + deliveries.render()
                    + "\n" + figures.render();
        }
    }

    private static Object[] deliveryRow(String delivery, OutboxCommand command, ExecutionResult answer) {
        return new Object[] {
            delivery,
            command.commandId(),
            ContractWords.of(answer.outcome()),
            answer.result().orElse("-")
        };
    }

    private static String receiverAnswers(Path directory) {
        MarkdownTable table = new MarkdownTable("request", "key", "core parameters", "outcome", "result", "N(key)");
        Map<String, Object> one = Map.of("part", "P-7", "quantity", 1);
        try (IdempotentReceiver receiver =
                new IdempotentReceiver(SqliteDatabase.at(directory.resolve("warehouse.db")))) {
            answer(table, receiver, "first request", new IdempotencyKey(TENANT, "reserve42"), one);
            answer(table, receiver, "same key, same parameters", new IdempotencyKey(TENANT, "reserve42"), one);
            answer(
                    table,
                    receiver,
                    "same key, other quantity",
                    new IdempotencyKey(TENANT, "reserve42"),
                    Map.of("part", "P-7", "quantity", 2));
            answer(table, receiver, "same id, other tenant", new IdempotencyKey("tenantB", "reserve42"), one);
            answer(table, receiver, "other key, identical body", new IdempotencyKey(TENANT, "reserve43"), one);
        }
        return "### Idempotent receiver: key, parameter digest and result stored with the effect\n\n" + table.render();
    }

    private static void answer(
            MarkdownTable table,
            IdempotentReceiver receiver,
            String request,
            IdempotencyKey key,
            Map<String, Object> parameters) {
        ExecutionResult result = receiver.execute(key, parameters);
        table.row(
                request,
                key,
                CanonicalJson.write(parameters),
                ContractWords.of(result.outcome()),
                result.result().orElse("-"),
                receiver.effectCount(key));
    }

    private static String crashMatrix(Path directory) throws Exception {
        return "### 3 x 5 crash matrix (seed 002, real process exits): effect count N after recovery\n\n"
                + DeliveryCrashMatrix.render(directory);
    }
}
