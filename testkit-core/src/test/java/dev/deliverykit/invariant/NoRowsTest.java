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

/** Users' own checks: a query that selects broken rows, each of which is a violation. */
class NoRowsTest {

    @TempDir
    Path dir;

    private Path retentionDb;
    private Invariant noLateExecution;

    @BeforeEach
    void database() {
        retentionDb = create(
                dir,
                "retention.db",
                "CREATE TABLE request_log(op TEXT, epoch INTEGER, outcome TEXT, at INTEGER)",
                "CREATE TABLE boundary(namespace TEXT, closed_through INTEGER, raised_at INTEGER)",
                "INSERT INTO boundary VALUES ('demo', 1, 10)");
        noLateExecution = Invariants.noRows(
                "no late request executed",
                source(retentionDb, "retention.db"),
                "SELECT op, epoch, outcome FROM request_log r JOIN boundary b"
                        + " WHERE r.epoch <= b.closed_through AND r.at > b.raised_at AND r.outcome = 'created'"
                        + " ORDER BY op",
                "a late request after cleanup is answered closed or result_expired");
    }

    @Test
    void holdsWhenTheQueryFindsNothing() {
        Db.execute(
                retentionDb, "INSERT INTO request_log VALUES ('work-1', 1, 'created', 5), ('work-1', 1, 'closed', 11)");

        assertThat(noLateExecution.check().message())
                .isEqualTo("no late request executed: holds (checked 0 rows returned)");
    }

    @Test
    void everyRowIsAViolationNamedByItsFirstColumn() {
        Db.execute(
                retentionDb,
                "INSERT INTO request_log VALUES ('work-1', 1, 'created', 5), ('work-1', 1, 'created', 11),"
                        + " ('work-2', 1, 'created', 12)");

        InvariantResult result = noLateExecution.check();

        assertThat(noLateExecution.description())
                .isEqualTo(
                        "(SELECT op, epoch, outcome FROM request_log r JOIN boundary"
                                + " b WHERE r.epoch <= b.closed_through AND r.at > b.raised_at AND r.outcome = 'created' ORDER BY op)"
                                + " on retention.db returns no rows: a late request after cleanup is answered closed or result_expired");
        assertThat(result.message()).isEqualTo("""
                no late request executed: violated (checked 2 rows returned)
                  unexpected row: 2 rows
                    work-1: found row {op=work-1, epoch=1, outcome=created}, expected no such row: a late request\
                 after cleanup is answered closed or result_expired
                    work-2: found row {op=work-2, epoch=1, outcome=created}, expected no such row: a late request\
                 after cleanup is answered closed or result_expired""");
    }

    @Test
    void aBlankExplanationIsRejectedAtDefinitionTime() {
        assertThatThrownBy(() -> Invariants.noRows("mine", source(retentionDb, "retention.db"), "SELECT 1", " "))
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.blankExplanation("mine"));
    }
}
