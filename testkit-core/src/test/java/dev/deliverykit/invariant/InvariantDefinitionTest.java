package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrong invariant fails loudly: names that are not plain identifiers when it is built, a failing query
 * when it runs (naming the invariant, the SQL and the database), a database that cannot be opened.
 */
class InvariantDefinitionTest {

    @TempDir
    Path dir;

    private Path warehouseDb;
    private JdbcSource warehouse;

    @BeforeEach
    void database() {
        warehouseDb = create(
                dir,
                "warehouse.db",
                "CREATE TABLE effect(effect_id INTEGER PRIMARY KEY, tenant TEXT, intent_id TEXT)",
                "INSERT INTO effect(tenant, intent_id) VALUES ('tenantA', 'r1:1:0')");
        warehouse = source(warehouseDb, "warehouse.db");
    }

    @Test
    void aTableNameThatIsNoPlainIdentifierIsRejectedWhenTheInvariantIsBuilt() {
        Invariants.EffectsStep step = Invariants.atMostOncePerKey();

        assertThatThrownBy(() -> step.effectsIn(warehouse, "effect; DROP TABLE effect", "intent_id"))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "at most once per key",
                        "effects table name",
                        "effect; DROP TABLE effect",
                        true,
                        "effectsFrom(source, sql)"));
    }

    @Test
    void aColumnNameThatIsNoPlainIdentifierIsRejectedWhenTheInvariantIsBuilt() {
        Invariants.IntentsStep step = Invariants.exactlyOncePerKey();

        assertThatThrownBy(() -> step.intentsIn(warehouse, "outbox", "command id"))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "exactly once per key",
                        "intents column name",
                        "command id",
                        false,
                        "intentsFrom(source, sql)"));
    }

    @Test
    void everyNamedColumnOfEveryBuilderIsChecked() {
        assertThatThrownBy(() -> Invariants.contiguousPrefixPerFlow()
                        .appliedIn(warehouse, "effect")
                        .flowColumn("flow-id"))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "contiguous prefix per flow",
                        "flow column name",
                        "flow-id",
                        false,
                        "appliedFrom(source, sql)"));
        assertThatThrownBy(() -> Invariants.contiguousPrefixPerFlow()
                        .appliedIn(warehouse, "effect")
                        .flowColumn("flow_id")
                        .sequenceColumn("seq")
                        .appliedInOrderOf("1id"))
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "contiguous prefix per flow",
                        "application order column name",
                        "1id",
                        false,
                        "appliedFrom(source, sql)"));
        assertThatThrownBy(() -> Invariants.noResurrectionAfterCleanup()
                        .effectsIn(warehouse, "effect")
                        .perKey("op", "a.b"))
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "no resurrection after cleanup", "key column name", "a.b", false, "effectsFrom(source, sql)"));
        assertThatThrownBy(() -> Invariants.stateAndOutboxTogether().stateIn(warehouse, "a.b.c", "k"))
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "no state without its outbox row and no outbox row without its state",
                        "state table name",
                        "a.b.c",
                        true,
                        "stateFrom(source, sql)"));
        assertThatThrownBy(() -> Invariants.atMostOncePerKey().effectsIn(warehouse, "e".repeat(129), "k"))
                .hasMessage(InvariantErrorMessages.notAnIdentifier(
                        "at most once per key",
                        "effects table name",
                        "e".repeat(129),
                        true,
                        "effectsFrom(source, sql)"));
    }

    @Test
    void aSchemaQualifiedTableAndReservedWordsAreQuotedAndWork() {
        Path shopDb = create(
                dir, "shop.db", "CREATE TABLE \"order\"(\"key\" TEXT)", "INSERT INTO \"order\" VALUES ('k1'), ('k1')");

        Invariant reserved = Invariants.atMostOncePerKey().effectsIn(source(shopDb, "shop.db"), "order", "key");
        Invariant qualified = Invariants.atMostOncePerKey().effectsIn(warehouse, "main.effect", "intent_id");

        assertThat(reserved.check().violations())
                .containsExactly(new Violation(ViolationKind.DUPLICATE_EFFECT, "k1", "2 effects", "at most 1"));
        assertThat(qualified.check().verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void aBrokenQueryNamesTheInvariantTheDatabaseAndTheSqlThatRan() {
        Invariant misspelt = Invariants.atMostOncePerKey().effectsIn(warehouse, "effects", "intent_id");

        assertThatThrownBy(misspelt::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.queryFailed(
                        "at most once per key",
                        "effects",
                        "warehouse.db",
                        "SELECT \"intent_id\" FROM \"effects\"",
                        "[SQLITE_ERROR] SQL error or missing database (no such table: effects)"))
                .hasCauseInstanceOf(SQLException.class);
    }

    @Test
    void aBrokenUserQueryIsQuotedAsWritten() {
        Invariant broken = Invariants.exactlyOncePerKey("reservations")
                .intentsFrom(warehouse, "SELECT command_id FROM outbox")
                .effectsIn(warehouse, "effect", "intent_id");

        assertThatThrownBy(broken::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.queryFailed(
                        "reservations",
                        "intents",
                        "warehouse.db",
                        "SELECT command_id FROM outbox",
                        "[SQLITE_ERROR] SQL error or missing database (no such table: outbox)"));
    }

    @Test
    void keysOfDifferentWidthCannotBeCompared() {
        Invariant mismatched = Invariants.exactlyOncePerKey()
                .intentsFrom(warehouse, "SELECT intent_id AS command_id FROM effect")
                .effectsIn(warehouse, "effect", "tenant", "intent_id");

        assertThatThrownBy(mismatched::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.keyWidthsDiffer(
                        "exactly once per key",
                        "intents",
                        List.of("command_id"),
                        "effects",
                        List.of("tenant", "intent_id")));
    }

    @Test
    void blankQueriesAndNamesAreRejectedWhenTheInvariantIsBuilt() {
        assertThatThrownBy(() -> Invariants.exactlyOncePerKey().intentsFrom(warehouse, "  "))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.blankQuery("exactly once per key", "intents"));
        assertThatThrownBy(() -> Invariants.exactlyOncePerKey(""))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.blankName());
        assertThatThrownBy(() -> Invariants.atMostOncePerKey().effectsFrom(null, "SELECT 1"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("source of the effects");
    }

    @Test
    void aDatabaseThatCannotBeOpenedIsASourceFailureNamingIt() {
        JdbcSource broken = ((JdbcSource) () -> {
                    throw new SQLException("connection refused");
                })
                .named("orders on db.example");
        Invariant invariant = Invariants.atMostOncePerKey().effectsFrom(broken, "SELECT id FROM effect");

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage(InvariantErrorMessages.cannotOpen(
                        "at most once per key", "orders on db.example", "connection refused"));
    }

    @Test
    void aSourceThatReturnsNoConnectionIsASourceFailure() {
        Invariant invariant = Invariants.atMostOncePerKey().effectsFrom(() -> null, "SELECT id FROM effect");

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage(InvariantErrorMessages.openedNull("at most once per key", "unnamed JDBC source"));
    }
}
