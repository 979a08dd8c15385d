package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
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
                .hasMessage("invariant 'at most once per key': the effects table name 'effect; DROP TABLE effect' is"
                        + " not a plain SQL identifier; expected letters, digits and '_', not starting with a digit,"
                        + " at most 128 characters (optionally qualified as schema.table). For quoted names or"
                        + " expressions write the SQL yourself and use effectsFrom(source, sql).");
    }

    @Test
    void aColumnNameThatIsNoPlainIdentifierIsRejectedWhenTheInvariantIsBuilt() {
        Invariants.IntentsStep step = Invariants.exactlyOncePerKey();

        assertThatThrownBy(() -> step.intentsIn(warehouse, "outbox", "command id"))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'exactly once per key': the intents column name 'command id' is not a plain"
                        + " SQL identifier; expected letters, digits and '_', not starting with a digit, at most 128"
                        + " characters. For quoted names or expressions write the SQL yourself and use"
                        + " intentsFrom(source, sql).");
    }

    @Test
    void everyNamedColumnOfEveryBuilderIsChecked() {
        assertThatThrownBy(() -> Invariants.contiguousPrefixPerFlow()
                        .appliedIn(warehouse, "effect")
                        .flowColumn("flow-id"))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'contiguous prefix per flow': the flow column name 'flow-id' is not a plain SQL"
                        + " identifier; expected letters, digits and '_', not starting with a digit, at most 128"
                        + " characters. For quoted names or expressions write the SQL yourself and use"
                        + " appliedFrom(source, sql).");
        assertThatThrownBy(() -> Invariants.contiguousPrefixPerFlow()
                        .appliedIn(warehouse, "effect")
                        .flowColumn("flow_id")
                        .sequenceColumn("seq")
                        .appliedInOrderOf("1id"))
                .hasMessage("invariant 'contiguous prefix per flow': the application order column name '1id' is not a"
                        + " plain SQL identifier; expected letters, digits and '_', not starting with a digit, at"
                        + " most 128 characters. For quoted names or expressions write the SQL yourself and use"
                        + " appliedFrom(source, sql).");
        assertThatThrownBy(() -> Invariants.noResurrectionAfterCleanup()
                        .effectsIn(warehouse, "effect")
                        .perKey("op", "a.b"))
                .hasMessage("invariant 'no resurrection after cleanup': the key column name 'a.b' is not a plain SQL"
                        + " identifier; expected letters, digits and '_', not starting with a digit, at most 128"
                        + " characters. For quoted names or expressions write the SQL yourself and use"
                        + " effectsFrom(source, sql).");
        assertThatThrownBy(() -> Invariants.stateAndOutboxTogether().stateIn(warehouse, "a.b.c", "k"))
                .hasMessage("invariant 'no state without its outbox row and no outbox row without its state': the"
                        + " state table name 'a.b.c' is not a plain SQL identifier; expected letters, digits and"
                        + " '_', not starting with a digit, at most 128 characters (optionally qualified as"
                        + " schema.table). For quoted names or expressions write the SQL yourself and use"
                        + " stateFrom(source, sql).");
        assertThatThrownBy(() -> Invariants.atMostOncePerKey().effectsIn(warehouse, "e".repeat(129), "k"))
                .hasMessage("invariant 'at most once per key': the effects table name"
                        + " 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
                        + "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' is not a plain SQL identifier; expected"
                        + " letters, digits and '_', not starting with a digit, at most 128 characters (optionally"
                        + " qualified as schema.table). For quoted names or expressions write the SQL yourself and"
                        + " use effectsFrom(source, sql).");
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
                .hasMessage("invariant 'at most once per key' could not run its effects query on warehouse.db:"
                        + " [SQLITE_ERROR] SQL error or missing database (no such table: effects)"
                        + "\n  SQL: SELECT \"intent_id\" FROM \"effects\""
                        + "\n  Check that the tables and columns exist in that database (an invariant never creates"
                        + " them) and that the SQL runs there by hand.")
                .hasCauseInstanceOf(SQLException.class);
    }

    @Test
    void aBrokenUserQueryIsQuotedAsWritten() {
        Invariant broken = Invariants.exactlyOncePerKey("reservations")
                .intentsFrom(warehouse, "SELECT command_id FROM outbox")
                .effectsIn(warehouse, "effect", "intent_id");

        assertThatThrownBy(broken::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'reservations' could not run its intents query on warehouse.db: [SQLITE_ERROR]"
                        + " SQL error or missing database (no such table: outbox)\n"
                        + "  SQL: SELECT command_id FROM outbox\n"
                        + "  Check that the tables and columns exist in that database (an invariant never creates"
                        + " them) and that the SQL runs there by hand.");
    }

    @Test
    void keysOfDifferentWidthCannotBeCompared() {
        Invariant mismatched = Invariants.exactlyOncePerKey()
                .intentsFrom(warehouse, "SELECT intent_id AS command_id FROM effect")
                .effectsIn(warehouse, "effect", "tenant", "intent_id");

        assertThatThrownBy(mismatched::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'exactly once per key': the intents return keys of 1 column (command_id) but"
                        + " the effects return keys of 2 columns (tenant, intent_id); both must return the same key"
                        + " columns, in the same order.");
    }

    @Test
    void blankQueriesAndNamesAreRejectedWhenTheInvariantIsBuilt() {
        assertThatThrownBy(() -> Invariants.exactlyOncePerKey().intentsFrom(warehouse, "  "))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'exactly once per key': the intents query is blank; expected a SELECT"
                        + " statement without parameters.");
        assertThatThrownBy(() -> Invariants.exactlyOncePerKey(""))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("the invariant name must not be blank: reports and test output name the invariant by it,"
                        + " e.g. \"exactly once per key\".");
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
                .hasMessage(
                        "invariant 'at most once per key' could not open orders on db.example: connection refused"
                                + "\n  Check its JdbcSource: each open() must return a new connection to the existing database.");
    }

    @Test
    void aSourceThatReturnsNoConnectionIsASourceFailure() {
        Invariant invariant = Invariants.atMostOncePerKey().effectsFrom(() -> null, "SELECT id FROM effect");

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage("invariant 'at most once per key' could not open unnamed JDBC source: its JdbcSource"
                        + " returned null instead of a connection.");
    }
}
