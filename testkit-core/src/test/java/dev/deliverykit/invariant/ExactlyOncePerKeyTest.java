package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code N(k)} per key across two SQLite files, as in seed 002: the intents in the orchestrator's outbox,
 * the effects in the warehouse. Lost intents (0 effects) and duplicates (2+) are reported separately.
 */
class ExactlyOncePerKeyTest {

    @TempDir
    Path dir;

    private Path orchestratorDb;
    private Path warehouseDb;
    private JdbcSource orchestrator;
    private JdbcSource warehouse;

    @BeforeEach
    void databases() {
        orchestratorDb = create(
                dir,
                "orchestrator.db",
                "CREATE TABLE outbox(command_id TEXT PRIMARY KEY)",
                "INSERT INTO outbox VALUES ('r1:1:0'), ('r2:1:0'), ('r3:1:0')");
        warehouseDb = create(
                dir,
                "warehouse.db",
                "CREATE TABLE effect(effect_id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, intent_id TEXT NOT NULL)");
        orchestrator = source(orchestratorDb, "orchestrator.db");
        warehouse = source(warehouseDb, "warehouse.db");
    }

    private Invariant exactlyOnce() {
        return Invariants.exactlyOncePerKey()
                .intentsFrom(orchestrator, "SELECT command_id FROM outbox")
                .effectsIn(warehouse, "effect", "intent_id");
    }

    private void effects(String... intentIds) {
        for (String intentId : intentIds) {
            Db.execute(warehouseDb, "INSERT INTO effect(tenant, intent_id) VALUES ('tenantA', '" + intentId + "')");
        }
    }

    @Test
    void holdsWhenEveryIntentKeyHasExactlyOneEffectInTheOtherDatabase() {
        effects("r1:1:0", "r2:1:0", "r3:1:0");

        InvariantResult result = exactlyOnce().check();

        assertThat(result.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(result.violations()).isEmpty();
        assertThat(result.message()).isEqualTo("exactly once per key: holds (checked 3 intent keys, 3 effect rows)");
    }

    @Test
    void reportsAKeyWithZeroEffectsAsLostIntentAndAKeyWithTwoAsDuplicateSeparately() {
        effects("r1:1:0", "r3:1:0", "r3:1:0");

        InvariantResult result = exactlyOnce().check();

        assertThat(result.verdict()).isEqualTo(Verdict.VIOLATED);
        assertThat(result.violations())
                .containsExactly(
                        new Violation(ViolationKind.LOST_INTENT, "r2:1:0", "0 effects", "exactly 1"),
                        new Violation(ViolationKind.DUPLICATE_EFFECT, "r3:1:0", "2 effects", "exactly 1"));
        assertThat(result.message()).isEqualTo("""
                exactly once per key: violated (checked 3 intent keys, 3 effect rows)
                  lost intent: 1 key
                    r2:1:0: found 0 effects, expected exactly 1
                  duplicate effect: 1 key
                    r3:1:0: found 2 effects, expected exactly 1""");
    }

    @Test
    void countsEveryDuplicateAndListsKeysInNaturalOrder() {
        Db.execute(orchestratorDb, "INSERT INTO outbox VALUES ('r10:1:0'), ('r9:1:0')");
        effects("r10:1:0", "r10:1:0", "r10:1:0", "r9:1:0", "r9:1:0", "r3:1:0");

        InvariantResult result = exactlyOnce().check();

        assertThat(result.message()).isEqualTo("""
                exactly once per key: violated (checked 5 intent keys, 6 effect rows)
                  lost intent: 2 keys
                    r1:1:0: found 0 effects, expected exactly 1
                    r2:1:0: found 0 effects, expected exactly 1
                  duplicate effect: 2 keys
                    r9:1:0: found 2 effects, expected exactly 1
                    r10:1:0: found 3 effects, expected exactly 1""");
    }

    @Test
    void describesWhatItPromisesOverWhichTablesOfWhichDatabases() {
        Invariant invariant = exactlyOnce();

        assertThat(invariant.name()).isEqualTo("exactly once per key");
        assertThat(invariant.description())
                .isEqualTo(
                        "every intent key of (SELECT command_id FROM outbox) on"
                                + " orchestrator.db has exactly 1 effect in effect.intent_id on warehouse.db (and no key has 2 or more)");
        assertThat(exactlyOnce().check().description()).isEqualTo(invariant.description());
    }

    @Test
    void effectsKeyedByAnotherFormatThanTheIntentsAreListedWithTheLostIntents() {
        effects("r1:1", "r2:1", "r3:1");

        assertThat(exactlyOnce().check().message()).isEqualTo("""
                exactly once per key: violated (checked 3 intent keys, 3 effect rows; 3 effect keys match no intent:\
                 r1:1, r2:1, r3:1)
                  lost intent: 3 keys
                    r1:1:0: found 0 effects, expected exactly 1
                    r2:1:0: found 0 effects, expected exactly 1
                    r3:1:0: found 0 effects, expected exactly 1""");
    }

    @Test
    void aDuplicateOfAKeyThatIsNoIntentIsStillADuplicate() {
        effects("r1:1:0", "r2:1:0", "r3:1:0", "stray", "stray");

        assertThat(exactlyOnce().check().violations())
                .containsExactly(new Violation(ViolationKind.DUPLICATE_EFFECT, "stray", "2 effects", "exactly 1"));
    }

    @Test
    void anEmptyOutboxHoldsVacuouslyAndSaysSo() {
        Db.execute(orchestratorDb, "DELETE FROM outbox");

        assertThat(exactlyOnce().check().message())
                .isEqualTo("exactly once per key: holds (checked 0 intent keys, 0 effect rows)");
    }

    @Test
    void compositeKeysMatchColumnByColumnAcrossDatabases() {
        effects("r1:1:0", "r2:1:0", "r3:1:0");
        Db.execute(warehouseDb, "UPDATE effect SET tenant = 'tenantB' WHERE intent_id = 'r2:1:0'");
        Invariant invariant = Invariants.exactlyOncePerKey("reservations once per tenant")
                .intentsFrom(orchestrator, "SELECT 'tenantA', command_id FROM outbox")
                .effectsIn(warehouse, "effect", "tenant", "intent_id");

        InvariantResult result = invariant.check();

        assertThat(result.violations())
                .containsExactly(
                        new Violation(ViolationKind.LOST_INTENT, "(tenantA, r2:1:0)", "0 effects", "exactly 1"));
        assertThat(result.message()).isEqualTo("""
                reservations once per tenant: violated (checked 3 intent keys, 3 effect rows; 1 effect key matches\
                 no intent: (tenantB, r2:1:0))
                  lost intent: 1 key
                    (tenantA, r2:1:0): found 0 effects, expected exactly 1""");
    }

    @Test
    void intentsFromATableAndEffectsFromAQueryAreTheSameCheck() {
        effects("r1:1:0", "r1:1:0", "r3:1:0");
        Invariant invariant = Invariants.exactlyOncePerKey()
                .intentsIn(orchestrator, "outbox", "command_id")
                .effectsFrom(warehouse, "SELECT intent_id FROM effect WHERE tenant = 'tenantA'");

        assertThat(invariant.check().violations())
                .containsExactly(
                        new Violation(ViolationKind.LOST_INTENT, "r2:1:0", "0 effects", "exactly 1"),
                        new Violation(ViolationKind.DUPLICATE_EFFECT, "r1:1:0", "2 effects", "exactly 1"));
        assertThat(invariant.description())
                .isEqualTo("every intent key of outbox.command_id on orchestrator.db"
                        + " has exactly 1 effect in (SELECT intent_id FROM effect WHERE tenant = 'tenantA') on warehouse.db"
                        + " (and no key has 2 or more)");
    }

    @Test
    void keysAreComparedAsTextSoAnIntegerIntentMatchesATextEffect() {
        Path numbers =
                create(dir, "numbers.db", "CREATE TABLE intent(id INTEGER)", "INSERT INTO intent VALUES (7), (8)");
        effects("7", "8");

        Invariant invariant = Invariants.exactlyOncePerKey()
                .intentsIn(source(numbers, "numbers.db"), "intent", "id")
                .effectsIn(warehouse, "effect", "intent_id");

        assertThat(invariant.check().verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void atMostOnceReportsOnlyDuplicatesAndNeedsNoIntents() {
        effects("r1:1:0", "r3:1:0", "r3:1:0");
        Invariant atMostOnce = Invariants.atMostOncePerKey().effectsIn(warehouse, "effect", "intent_id");

        InvariantResult result = atMostOnce.check();

        assertThat(atMostOnce.description())
                .isEqualTo("no key of effect.intent_id on warehouse.db has more than 1 effect");
        assertThat(result.message()).isEqualTo("""
                at most once per key: violated (checked 3 effect rows, 2 keys)
                  duplicate effect: 1 key
                    r3:1:0: found 2 effects, expected at most 1""");
    }

    @Test
    void noLostIntentReportsOnlyKeysWithoutEffect() {
        effects("r1:1:0", "r3:1:0", "r3:1:0");
        Invariant noLostIntent = Invariants.noLostIntent()
                .intentsFrom(orchestrator, "SELECT command_id FROM outbox")
                .effectsIn(warehouse, "effect", "intent_id");

        InvariantResult result = noLostIntent.check();

        assertThat(noLostIntent.description())
                .isEqualTo("every intent key of (SELECT command_id FROM outbox) on"
                        + " orchestrator.db has at least 1 effect in effect.intent_id on warehouse.db");
        assertThat(result.message()).isEqualTo("""
                no lost intent: violated (checked 3 intent keys, 3 effect rows)
                  lost intent: 1 key
                    r2:1:0: found 0 effects, expected at least 1""");
    }

    @Test
    void theHalvesHoldWhereTheirOwnPromiseIsKept() {
        effects("r1:1:0", "r2:1:0", "r3:1:0", "r3:1:0");
        Invariant noLostIntent = Invariants.noLostIntent()
                .intentsFrom(orchestrator, "SELECT command_id FROM outbox")
                .effectsIn(warehouse, "effect", "intent_id");
        Db.execute(warehouseDb, "DELETE FROM effect WHERE intent_id = 'r3:1:0'");
        Invariant atMostOnce = Invariants.atMostOncePerKey().effectsFrom(warehouse, "SELECT intent_id FROM effect");

        assertThat(atMostOnce.check().verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(noLostIntent.check().violations())
                .containsExactly(new Violation(ViolationKind.LOST_INTENT, "r3:1:0", "0 effects", "at least 1"));
    }
}
