package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionalOutboxTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @BeforeEach
    void setUp() {
        db = SqliteDatabase.at(dir.resolve("orchestrator.db"));
    }

    @Test
    void commandIdsAreWorkflowIdEventSeqAndCommandIndex() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            AppendResult first = outbox.append(
                    "trip-001",
                    0,
                    "trip_requested",
                    Map.of("city", "Chengdu"),
                    List.of(command("lock_budget"), command("book_hotel")));
            AppendResult second = outbox.append("trip-001", 1, "budget_locked", Map.of(), List.of(command("notify")));

            assertThat(first.outcome()).isEqualTo(AppendOutcome.APPENDED);
            assertThat(first.commandIds()).containsExactly("trip-001:1:0", "trip-001:1:1");
            assertThat(second.commandIds()).containsExactly("trip-001:2:0");
            assertThat(second.currentSeq()).isEqualTo(2);
        }
        assertThat(Db.rows(
                        db.file(),
                        "SELECT command_id, workflow_id, event_seq, command_index, kind, payload, processed_at"
                                + " FROM outbox ORDER BY command_id"))
                .containsExactly(
                        row("trip-001:1:0", "trip-001", 1, 0, "lock_budget", "{\"n\":\"lock_budget\"}"),
                        row("trip-001:1:1", "trip-001", 1, 1, "book_hotel", "{\"n\":\"book_hotel\"}"),
                        row("trip-001:2:0", "trip-001", 2, 0, "notify", "{\"n\":\"notify\"}"));
        assertThat(TransactionalOutbox.commandId("a:b", 3, 4)).isEqualTo("a:b:3:4");
    }

    @Test
    void theSameAppendRetriedIsRecognisedAndWritesNothing() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            outbox.append("trip-001", 0, "trip_requested", Map.of("city", "Chengdu"), List.of(command("lock_budget")));
            outbox.append("trip-001", 1, "budget_locked", Map.of(), List.of());

            AppendResult retry = outbox.append(
                    "trip-001", 0, "trip_requested", Map.of("city", "Chengdu"), List.of(command("lock_budget")));

            assertThat(retry.outcome()).isEqualTo(AppendOutcome.ALREADY_APPENDED);
            assertThat(retry.eventSeq()).isEqualTo(1);
            assertThat(retry.currentSeq()).isEqualTo(2);
            assertThat(retry.commandIds()).containsExactly("trip-001:1:0");
        }
        assertThat(Db.count(db.file(), "workflow_event")).isEqualTo(2);
        assertThat(Db.count(db.file(), "outbox")).isEqualTo(1);
    }

    @Test
    void anAppendDecidedOnAnOutdatedSeqIsStaleAndWritesNothing() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            outbox.append("trip-001", 0, "trip_requested", Map.of("city", "Chengdu"), List.of(command("lock_budget")));

            AppendResult otherEventAtSeq1 = outbox.append(
                    "trip-001", 0, "trip_requested", Map.of("city", "Xi'an"), List.of(command("lock_budget")));
            AppendResult sameEventOtherCommands = outbox.append(
                    "trip-001",
                    0,
                    "trip_requested",
                    Map.of("city", "Chengdu"),
                    List.of(command("lock_budget"), command("extra")));
            AppendResult ahead = outbox.append("trip-001", 5, "budget_locked", Map.of(), List.of());

            assertThat(List.of(otherEventAtSeq1, sameEventOtherCommands, ahead))
                    .extracting(AppendResult::outcome, AppendResult::currentSeq, AppendResult::commandIds)
                    .containsExactly(
                            Tuple.tuple(AppendOutcome.STALE, 1L, List.of()),
                            Tuple.tuple(AppendOutcome.STALE, 1L, List.of()),
                            Tuple.tuple(AppendOutcome.STALE, 1L, List.of()));
        }
        assertThat(Db.rows(db.file(), "SELECT seq, payload FROM workflow_event"))
                .containsExactly(Map.of("seq", 1, "payload", "{\"city\":\"Chengdu\"}"));
        assertThat(Db.count(db.file(), "outbox")).isEqualTo(1);
    }

    @Test
    void pendingIsOrderedByWorkflowEventSeqAndCommandIdAndMarkDoneRemovesOnlyThatRow() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            outbox.append("wf-b", 0, "started", Map.of(), List.of(command("b1")));
            outbox.append("wf-a", 0, "started", Map.of(), List.of(command("a1"), command("a1-second")));
            outbox.append("wf-a", 1, "moved", Map.of(), List.of(command("a2")));

            assertThat(outbox.pending())
                    .extracting(OutboxCommand::commandId)
                    .containsExactly("wf-a:1:0", "wf-a:1:1", "wf-a:2:0", "wf-b:1:0");

            assertThat(outbox.markDone("wf-a:1:1")).isEqualTo(DoneMark.MARKED);
            assertThat(outbox.markDone("wf-b:1:0")).isEqualTo(DoneMark.MARKED);
            assertThat(outbox.pending()).extracting(OutboxCommand::commandId).containsExactly("wf-a:1:0", "wf-a:2:0");
            assertThat(outbox.pending().get(0).payload()).isEqualTo(Map.of("n", "a1"));
        }
        // marked, never deleted; processed_at is the n-th done mark, not a clock
        assertThat(Db.rows(
                        db.file(),
                        "SELECT command_id, coalesce(processed_at, 'pending') AS processed_at FROM outbox"
                                + " ORDER BY command_id"))
                .containsExactly(
                        Map.of("command_id", "wf-a:1:0", "processed_at", "pending"),
                        Map.of("command_id", "wf-a:1:1", "processed_at", 1),
                        Map.of("command_id", "wf-a:2:0", "processed_at", "pending"),
                        Map.of("command_id", "wf-b:1:0", "processed_at", 2));
    }

    @Test
    void markingADoneRowAgainKeepsTheFirstMark() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            outbox.append("wf", 0, "started", Map.of(), List.of(command("one"), command("two")));
            outbox.markDone("wf:1:1");
            outbox.markDone("wf:1:0");

            assertThat(outbox.markDone("wf:1:1")).isEqualTo(DoneMark.ALREADY_MARKED);
        }
        assertThat(Db.value(db.file(), "SELECT processed_at FROM outbox WHERE command_id = 'wf:1:1'"))
                .isEqualTo(1);
    }

    @Test
    void markingAnUnknownCommandIsAClearErrorAndWritesNothing() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            outbox.append("wf", 0, "started", Map.of(), List.of(command("one")));

            assertThatThrownBy(() -> outbox.markDone("wf:1:7"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("markDone(wf:1:7) on "
                            + dir.resolve("orchestrator.db")
                            + ": no outbox row has this command id; expected an id from append(...) or pending()"
                            + " (workflow_id:event_seq:command_index). Check the id and that this is the right database"
                            + " file.");
            // the connection is usable afterwards: the failed transaction was rolled back
            assertThat(outbox.markDone("wf:1:0")).isEqualTo(DoneMark.MARKED);
        }
        assertThat(Db.value(db.file(), "SELECT count(*) FROM outbox WHERE processed_at IS NOT NULL"))
                .isEqualTo(1);
    }

    @Test
    void aRejectedOutboxInsertLeavesNoWorkflowEvent() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            Db.execute(
                    db.file(),
                    "CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox"
                            + " BEGIN SELECT RAISE(ABORT, 'outbox insert rejected by test trigger'); END");

            assertThatThrownBy(() -> outbox.append(
                            "trip-001",
                            0,
                            "trip_requested",
                            Map.of("city", "Chengdu"),
                            List.of(command("lock_budget"))))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("append event trip-001:1 failed on "
                            + dir.resolve("orchestrator.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (outbox insert rejected by test trigger); the transaction was rolled"
                            + " back and nothing was written.");
        }
        assertThat(Db.count(db.file(), "workflow_event")).isZero();
        assertThat(Db.count(db.file(), "outbox")).isZero();
    }

    @Test
    void aRejectedSecondCommandRollsBackTheEventAndTheFirstCommand() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            Db.execute(
                    db.file(),
                    "CREATE TRIGGER reject_second BEFORE INSERT ON outbox WHEN NEW.command_index = 1"
                            + " BEGIN SELECT RAISE(ABORT, 'second command rejected'); END");

            assertThatThrownBy(
                            () -> outbox.append("wf", 0, "started", Map.of(), List.of(command("one"), command("two"))))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("append event wf:1 failed on "
                            + dir.resolve("orchestrator.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (second command rejected); the transaction was rolled back and"
                            + " nothing was written.");
        }
        assertThat(Db.count(db.file(), "workflow_event")).isZero();
        assertThat(Db.count(db.file(), "outbox")).isZero();
    }

    @Test
    void invalidEventsAreRejectedWithSpecificMessagesBeforeAnythingIsWritten() {
        try (TransactionalOutbox outbox = new TransactionalOutbox(db)) {
            assertThatThrownBy(() -> outbox.append(" ", 0, "started", Map.of(), List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("workflowId must not be blank; it is the first part of every command id");
            assertThatThrownBy(() -> outbox.append("wf", -1, "started", Map.of(), List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("expectedSeq for workflow wf must be >= 0 (0 for a new workflow), got -1");
            assertThatThrownBy(() -> outbox.append("wf", 0, "started", Map.of("at", 1.5), List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "payload of event wf:1: parameter 'at' is a java.lang.Double; only text, integers (Byte,"
                                    + " Short, Integer, Long) and booleans compare exactly, so flatten nested values and send"
                                    + " decimals as text");
            assertThatThrownBy(() -> outbox.append(
                            "wf",
                            0,
                            "started",
                            Map.of(),
                            List.of(new NewCommand("notify", Map.of("to", List.of("a"))))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("payload of command wf:1:0: parameter 'to' is a "
                            + List.of("a").getClass().getName()
                            + "; only text, integers (Byte, Short, Integer, Long) and booleans compare exactly, so"
                            + " flatten nested values and send decimals as text");
            assertThatThrownBy(() -> new NewCommand(" ", Map.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "command kind must not be blank; name what the receiver should do, for example lock_budget");
        }
        assertThat(Db.count(db.file(), "workflow_event")).isZero();
        assertThat(Db.count(db.file(), "outbox")).isZero();
    }

    private static NewCommand command(String kind) {
        return new NewCommand(kind, Map.of("n", kind));
    }

    private static Map<String, Object> row(
            String id, String workflow, int seq, int index, String kind, String payload) {
        LinkedHashMap<String, Object> row = new LinkedHashMap<>();
        row.put("command_id", id);
        row.put("workflow_id", workflow);
        row.put("event_seq", seq);
        row.put("command_index", index);
        row.put("kind", kind);
        row.put("payload", payload);
        row.put("processed_at", null);
        return row;
    }
}
