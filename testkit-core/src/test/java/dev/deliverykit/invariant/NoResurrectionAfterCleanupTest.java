package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** After dedup records are cleaned up, a late request must never execute a key a second time (seed 004). */
class NoResurrectionAfterCleanupTest {

    @TempDir
    Path dir;

    private Path retentionDb;
    private JdbcSource retention;

    @BeforeEach
    void database() {
        retentionDb = create(
                dir,
                "retention.db",
                "CREATE TABLE effect(id INTEGER PRIMARY KEY AUTOINCREMENT,"
                        + " namespace TEXT NOT NULL, epoch INTEGER NOT NULL, op TEXT NOT NULL)");
        retention = source(retentionDb, "retention.db");
    }

    @Test
    void holdsWhileEveryKeyHasOneEffect() {
        Db.execute(
                retentionDb,
                "INSERT INTO effect(namespace, epoch, op) VALUES ('demo', 1, 'work-1'),"
                        + " ('demo', 2, 'work-2'), ('other', 1, 'work-1')");

        InvariantResult result = Invariants.noResurrectionAfterCleanup()
                .effectsIn(retention, "effect")
                .perKey("namespace", "epoch", "op")
                .check();

        assertThat(result.message()).isEqualTo("no resurrection after cleanup: holds (checked 3 effect rows, 3 keys)");
    }

    @Test
    void aLateRequestExecutedAgainIsReportedWithBothEffectRows() {
        Db.execute(
                retentionDb,
                "INSERT INTO effect(namespace, epoch, op) VALUES ('demo', 1, 'work-1')," + " ('demo', 1, 'work-1')");
        Invariant invariant = Invariants.noResurrectionAfterCleanup()
                .effectsIn(retention, "effect")
                .perKey("namespace", "epoch", "op");

        InvariantResult result = invariant.check();

        assertThat(invariant.description())
                .isEqualTo("no key (namespace, epoch, op) of effect on retention.db has"
                        + " more than 1 effect, even after its dedup record was cleaned up");
        assertThat(result.message()).isEqualTo("""
                no resurrection after cleanup: violated (checked 2 effect rows, 1 key)
                  effect resurrected after cleanup: 1 key
                    (demo, 1, work-1): found 2 effects: {id=1, namespace=demo, epoch=1, op=work-1},\
                 {id=2, namespace=demo, epoch=1, op=work-1}, expected at most 1 effect, also after cleanup""");
    }

    @Test
    void leavingTheEpochOutOfTheKeyCatchesTheSameOperationResentUnderANewEpoch() {
        Db.execute(
                retentionDb,
                "INSERT INTO effect(namespace, epoch, op) VALUES ('demo', 1, 'work-1')," + " ('demo', 2, 'work-1')");

        Invariant perEpoch = Invariants.noResurrectionAfterCleanup()
                .effectsIn(retention, "effect")
                .perKey("namespace", "epoch", "op");
        Invariant acrossEpochs = Invariants.noResurrectionAfterCleanup("no operation executed twice in any epoch")
                .effectsIn(retention, "effect")
                .perKey("namespace", "op");

        assertThat(perEpoch.check().verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(acrossEpochs.check().violations())
                .containsExactly(new Violation(
                        ViolationKind.RESURRECTED_EFFECT,
                        "(demo, work-1)",
                        "2 effects: {id=1, namespace=demo, epoch=1, op=work-1},"
                                + " {id=2, namespace=demo, epoch=2, op=work-1}",
                        "at most 1 effect, also after cleanup"));
    }

    @Test
    void theQueryFormShowsTheColumnsTheQueryReturns() {
        Db.execute(
                retentionDb,
                "INSERT INTO effect(namespace, epoch, op) VALUES ('demo', 1, 'work-1'),"
                        + " ('demo', 1, 'work-1'), ('demo', 1, 'work-1')");
        Invariant invariant = Invariants.noResurrectionAfterCleanup()
                .effectsFrom(retention, "SELECT id, namespace || '/' || op AS op_key FROM effect")
                .perKey("op_key");

        assertThat(invariant.check().violations())
                .containsExactly(new Violation(
                        ViolationKind.RESURRECTED_EFFECT,
                        "demo/work-1",
                        "3 effects: {id=1, op_key=demo/work-1}, {id=2, op_key=demo/work-1},"
                                + " {id=3, op_key=demo/work-1}",
                        "at most 1 effect, also after cleanup"));
    }

    @Test
    void aKeyColumnTheEffectsDoNotHaveIsADefinitionError() {
        Invariant invariant = Invariants.noResurrectionAfterCleanup()
                .effectsIn(retention, "effect")
                .perKey("opp");

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'no resurrection after cleanup': the effects query on retention.db returned"
                        + " 4 columns (id, namespace, epoch, op); expected the key columns opp among its columns."
                        + "\n  SQL: SELECT * FROM \"effect\"");
    }
}
