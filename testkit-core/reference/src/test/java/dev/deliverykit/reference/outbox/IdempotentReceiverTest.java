package dev.deliverykit.reference.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.internal.json.CanonicalJson;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdempotentReceiverTest {

    private static final IdempotencyKey KEY = new IdempotencyKey("tenantA", "reserve42");
    private static final Map<String, Object> ONE = Map.of("part", "P-7", "quantity", 1);

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @BeforeEach
    void setUp() {
        db = SqliteDatabase.at(dir.resolve("warehouse.db"));
    }

    @Test
    void aNewKeyIsExecutedWithItsReceiptDigestAndResultStoredBesideTheEffect() {
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            assertThat(receiver.execute(KEY, ONE))
                    .isEqualTo(new ExecutionResult.Executed(KEY, "REF-1"));
        }
        String canonical = "{\"part\":\"P-7\",\"quantity\":1}";
        assertThat(Db.rows(db.file(), "SELECT tenant, intent_id, parameters_digest, result, effect_id FROM receipt"))
                .containsExactly(Map.of("tenant", "tenantA", "intent_id", "reserve42",
                        "parameters_digest", CanonicalJson.sha256(canonical), "result", "REF-1", "effect_id", 1));
        assertThat(Db.rows(db.file(), "SELECT effect_id, tenant, intent_id, parameters FROM effect")).containsExactly(
                Map.of("effect_id", 1, "tenant", "tenantA", "intent_id", "reserve42", "parameters", canonical));
    }

    @Test
    void theSameKeyAndParametersReplayTheStoredResultWithoutANewEffect() {
        Map<String, Object> sameParametersOtherOrder = new LinkedHashMap<>();
        sameParametersOtherOrder.put("quantity", 1);
        sameParametersOtherOrder.put("part", "P-7");
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            receiver.execute(KEY, ONE);
        }
        try (IdempotentReceiver afterRestart = new IdempotentReceiver(db)) {
            assertThat(afterRestart.execute(KEY, sameParametersOtherOrder))
                    .isEqualTo(new ExecutionResult.Replayed(KEY, "REF-1"));
            assertThat(afterRestart.effectCount(KEY)).isEqualTo(1);
        }
        assertThat(Db.count(db.file(), "effect")).isEqualTo(1);
        assertThat(Db.count(db.file(), "receipt")).isEqualTo(1);
    }

    @Test
    void theSameKeyWithOtherParametersIsAConflictAndWritesNothing() {
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            receiver.execute(KEY, ONE);

            assertThat(receiver.execute(KEY, Map.of("part", "P-7", "quantity", 2)))
                    .isEqualTo(new ExecutionResult.Conflict(KEY));
        }
        assertThat(Db.count(db.file(), "effect")).isEqualTo(1);
        assertThat(Db.value(db.file(), "SELECT parameters_digest FROM receipt"))
                .isEqualTo(CanonicalJson.sha256("{\"part\":\"P-7\",\"quantity\":1}"));
    }

    @Test
    void theSameIdInTwoTenantsIsTwoIntents() {
        IdempotencyKey tenantB = new IdempotencyKey("tenantB", "reserve42");
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            assertThat(receiver.execute(KEY, ONE).result()).contains("REF-1");
            assertThat(receiver.execute(tenantB, ONE))
                    .isEqualTo(new ExecutionResult.Executed(tenantB, "REF-2"));
            assertThat(receiver.effectCount(KEY)).isEqualTo(1);
            assertThat(receiver.effectCount(tenantB)).isEqualTo(1);
        }
        assertThat(Db.rows(db.file(), "SELECT tenant, result FROM receipt ORDER BY tenant")).containsExactly(
                Map.of("tenant", "tenantA", "result", "REF-1"), Map.of("tenant", "tenantB", "result", "REF-2"));
    }

    @Test
    void theKeyIsTheIntentsIdentityNotAHashOfTheBody() {
        IdempotencyKey secondTraveller = new IdempotencyKey("tenantA", "reserve43");
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            ExecutionResult first = receiver.execute(KEY, ONE);
            ExecutionResult second = receiver.execute(secondTraveller, ONE);

            assertThat(List.of(first.outcome(), second.outcome()))
                    .containsExactly(ExecutionOutcome.EXECUTED, ExecutionOutcome.EXECUTED);
            assertThat(List.of(first.result(), second.result()))
                    .containsExactly(Optional.of("REF-1"), Optional.of("REF-2"));
        }
        assertThat(Db.count(db.file(), "effect")).isEqualTo(2);
    }

    @Test
    void aRejectedEffectInsertLeavesNoReceiptAndTheStoreExceptionPropagates() {
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            Db.execute(db.file(), "CREATE TRIGGER reject_effect BEFORE INSERT ON effect"
                    + " BEGIN SELECT RAISE(ABORT, 'effect rejected by test trigger'); END");

            assertThatThrownBy(() -> receiver.execute(KEY, ONE))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("execute tenantA:reserve42 failed on "
                            + dir.resolve("warehouse.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (effect rejected by test trigger); the transaction was rolled back"
                            + " and nothing was written.");
        }
        assertThat(Db.count(db.file(), "receipt")).isZero();
        assertThat(Db.count(db.file(), "effect")).isZero();
    }

    @Test
    void aRejectedReceiptInsertRollsBackTheEffect() {
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            Db.execute(db.file(), "CREATE TRIGGER reject_receipt BEFORE INSERT ON receipt"
                    + " BEGIN SELECT RAISE(ABORT, 'receipt rejected by test trigger'); END");

            assertThatThrownBy(() -> receiver.execute(KEY, ONE))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("execute tenantA:reserve42 failed on "
                            + dir.resolve("warehouse.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (receipt rejected by test trigger); the transaction was rolled back"
                            + " and nothing was written.");
        }
        assertThat(Db.count(db.file(), "effect")).isZero();
        assertThat(Db.count(db.file(), "receipt")).isZero();
    }

    @Test
    void theKeyConstraintStopsAWorkerThatSawTheKeyAbsent() {
        // A trigger plays the other worker: it commits "its" receipt between our check and our insert,
        // which BEGIN IMMEDIATE normally makes impossible. The primary key must still refuse the second one.
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            Db.execute(db.file(), "CREATE TRIGGER other_worker_was_faster AFTER INSERT ON effect BEGIN"
                    + " INSERT INTO receipt(tenant, intent_id, parameters_digest, result, effect_id)"
                    + " VALUES (NEW.tenant, NEW.intent_id, 'other-digest', 'REF-other', NEW.effect_id); END");

            assertThatThrownBy(() -> receiver.execute(KEY, ONE))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("execute tenantA:reserve42 failed on "
                            + dir.resolve("warehouse.db")
                            + ": [SQLITE_CONSTRAINT_PRIMARYKEY] A PRIMARY KEY constraint failed (UNIQUE constraint"
                            + " failed: receipt.tenant, receipt.intent_id); the transaction was rolled back and nothing"
                            + " was written.");
        }
        assertThat(Db.count(db.file(), "effect")).isZero();
        assertThat(Db.count(db.file(), "receipt")).isZero();
    }

    @Test
    void aLockHeldBeyondTheBusyTimeoutSurfacesAsLockTimeoutWithNothingWritten() throws Exception {
        try (IdempotentReceiver receiver = new IdempotentReceiver(db.withBusyTimeout(Duration.ZERO));
                Connection otherWriter = db.open();
                Statement statement = otherWriter.createStatement()) {
            statement.execute("BEGIN IMMEDIATE");

            assertThatThrownBy(() -> receiver.execute(KEY, ONE))
                    .isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.isLockTimeout()).isTrue())
                    .hasMessage("execute tenantA:reserve42 failed: "
                            + dir.resolve("warehouse.db")
                            + " stayed locked by another connection for the whole busy timeout of 0 ms; nothing was"
                            + " written. Retry the call, or give SqliteDatabase.withBusyTimeout(...) a longer timeout.");

            statement.execute("ROLLBACK");
            assertThat(Db.count(db.file(), "effect")).isZero();
            assertThat(Db.count(db.file(), "receipt")).isZero();
            // nothing half-done: the retry is a fresh execution
            assertThat(receiver.execute(KEY, ONE).outcome()).isEqualTo(ExecutionOutcome.EXECUTED);
        }
        assertThat(Db.count(db.file(), "effect")).isEqualTo(1);
    }

    @Test
    void badInputsGetSpecificMessagesAndStoreNothing() {
        Map<String, Object> nullValue = new HashMap<>();
        nullValue.put("part", null);
        Map<String, Object> blankName = new HashMap<>();
        blankName.put(" ", "P-7");
        try (IdempotentReceiver receiver = new IdempotentReceiver(db)) {
            assertThatThrownBy(() -> receiver.execute(null, ONE))
                    .isInstanceOf(NullPointerException.class)
                    .hasMessage("idempotency key must not be null; every request needs the intent's identity");
            assertThatThrownBy(() -> receiver.execute(KEY, null))
                    .isInstanceOf(NullPointerException.class)
                    .hasMessage("core parameters of tenantA:reserve42 must not be null; pass Map.of() when there"
                            + " are none");
            assertThatThrownBy(() -> receiver.execute(KEY, Map.of("part", Map.of("id", "P-7"))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("core parameters of tenantA:reserve42: parameter 'part' is a"
                            + " " + Map.of("id", "P-7").getClass().getName() + "; only text, integers (Byte, Short, Integer, Long)"
                            + " and booleans compare exactly, so flatten nested values and send decimals as text");
            assertThatThrownBy(() -> receiver.execute(KEY, Map.of("quantity", 1.0)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("core parameters of tenantA:reserve42: parameter 'quantity' is a java.lang.Double; only"
                            + " text, integers (Byte, Short, Integer, Long) and booleans compare exactly, so flatten"
                            + " nested values and send decimals as text");
            assertThatThrownBy(() -> receiver.execute(KEY, nullValue))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("core parameters of tenantA:reserve42: parameter 'part' is null; leave it out or give"
                            + " it a text, integer or boolean value");
            assertThatThrownBy(() -> receiver.execute(KEY, blankName))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("core parameters of tenantA:reserve42 contain a null or blank parameter name; every name"
                            + " must be non-blank text");
            assertThatThrownBy(() -> receiver.execute(KEY, Map.of("note", "x".repeat(4096))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("core parameters of tenantA:reserve42 are 4107 bytes of canonical JSON, more than"
                            + " the limit of 4096; send a reference to large data (an id), not the data itself");
        }
        assertThat(Db.count(db.file(), "effect")).isZero();
        assertThat(Db.count(db.file(), "receipt")).isZero();
    }
}
