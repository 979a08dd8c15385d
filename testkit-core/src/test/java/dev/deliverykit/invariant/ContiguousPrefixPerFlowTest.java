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

/** Per flow, the applied records in application order must be 1..k: no gap, no repeat, nothing out of order. */
class ContiguousPrefixPerFlowTest {

    @TempDir
    Path dir;

    private Path consumerDb;
    private JdbcSource consumer;

    @BeforeEach
    void database() {
        consumerDb = create(
                dir, "consumer.db", "CREATE TABLE effect(id INTEGER PRIMARY KEY AUTOINCREMENT, flow_id TEXT, seq)");
        consumer = source(consumerDb, "consumer.db");
    }

    private Invariant inOrder() {
        return Invariants.contiguousPrefixPerFlow()
                .appliedIn(consumer, "effect")
                .flowColumn("flow_id")
                .sequenceColumn("seq")
                .appliedInOrderOf("id");
    }

    /** Appends applied records in this order, each {@code "A3"} meaning flow A, seq 3. */
    private void applied(String... records) {
        for (String record : records) {
            Db.rows(
                    consumerDb,
                    "INSERT INTO effect(flow_id, seq) VALUES (?, ?) RETURNING id",
                    record.substring(0, 1),
                    record.substring(1));
        }
    }

    private static Violation notPrefix(String flow, String found, String expected) {
        return new Violation(ViolationKind.NOT_CONTIGUOUS_PREFIX, flow, found, expected);
    }

    @Test
    void holdsForInterleavedFlowsEachAppliedOneTwoThree() {
        applied("A1", "B1", "A2", "B2", "A3");

        InvariantResult result = inOrder().check();

        assertThat(result.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(result.message())
                .isEqualTo("contiguous prefix per flow: holds (checked 2 flows, 5 applied records)");
    }

    @Test
    void theArrivalOrderCounterExampleThreeOneTwoThreeIsOutOfOrderAndRepeated() {
        applied("A3", "A1", "A2", "A3");

        InvariantResult result = inOrder().check();

        assertThat(result.message()).isEqualTo("""
                contiguous prefix per flow: violated (checked 1 flow, 4 applied records)
                  not a contiguous prefix: 1 flow
                    A: found seq 3, 1, 2, 3 in application order (seq 1 applied after seq 3; seq 3 applied 2 times),\
                 expected seq 1, 2, 3, each once, in this order""");
    }

    @Test
    void aGapStopsOnlyItsOwnFlow() {
        applied("A1", "B1", "B2", "A3", "B3");

        assertThat(inOrder().check().violations())
                .containsExactly(notPrefix(
                        "A", "seq 1, 3 in application order (seq 2 missing)", "seq 1, 2, 3, each once, in this order"));
    }

    @Test
    void aFlowThatDoesNotStartAtOneIsMissingItsFirstEvent() {
        applied("A2");

        assertThat(inOrder().check().violations())
                .containsExactly(notPrefix(
                        "A", "seq 2 in application order (seq 1 missing)", "seq 1, 2, each once, in this order"));
    }

    @Test
    void aDuplicateApplyIsARepeatEvenInOrder() {
        applied("A1", "A1", "A2");

        assertThat(inOrder().check().violations())
                .containsExactly(notPrefix(
                        "A",
                        "seq 1, 1, 2 in application order (seq 1 applied 2 times)",
                        "seq 1, 2, each once, in this order"));
    }

    @Test
    void applicationOrderIsTheOrderColumnNotTheInsertOrder() {
        Db.execute(consumerDb, "INSERT INTO effect(id, flow_id, seq) VALUES (30, 'A', 3), (10, 'A', 1), (20, 'A', 2)");

        assertThat(inOrder().check().verdict()).isEqualTo(Verdict.HOLDS);
    }

    @Test
    void valuesThatAreNoSequenceNumbersAreNamed() {
        Db.execute(consumerDb, "INSERT INTO effect(flow_id, seq) VALUES ('A', 'x'), ('A', 0), ('A', NULL)");

        assertThat(inOrder().check().violations())
                .containsExactly(notPrefix(
                        "A",
                        "seq x, 0, NULL in application order (seq x is not a whole number; seq NULL is not a whole number;"
                                + " seq 0 is below 1; seq 1 missing)",
                        "seq 1, each once, in this order"));
    }

    @Test
    void longFlowsAreAbbreviatedWithTheirCounts() {
        for (int seq = 1; seq <= 30; seq++) {
            if (seq != 15 && seq != 16) {
                Db.execute(consumerDb, "INSERT INTO effect(flow_id, seq) VALUES ('A', " + seq + ")");
            }
        }

        assertThat(inOrder().check().violations())
                .containsExactly(notPrefix(
                        "A",
                        "seq 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... (28 in all) in application order (seq 15, 16 missing)",
                        "seq 1, 2, ..., 30, each once, in this order"));
    }

    @Test
    void theQueryFormReadsFlowAndSequenceInTheQuerysOrder() {
        applied("A3", "A1", "A2", "B1");
        Invariant fromQuery = Invariants.contiguousPrefixPerFlow("events applied in order")
                .appliedFrom(consumer, "SELECT flow_id, seq FROM effect ORDER BY id");

        InvariantResult result = fromQuery.check();

        assertThat(fromQuery.description())
                .isEqualTo("each flow's applied records in (SELECT flow_id, seq FROM effect"
                        + " ORDER BY id) on consumer.db (flow, then sequence number, in application order) are its sequence"
                        + " 1..k, each once, in sequence order");
        assertThat(result.invariantName()).isEqualTo("events applied in order");
        assertThat(result.violations())
                .containsExactly(notPrefix(
                        "A",
                        "seq 3, 1, 2 in application order (seq 1 applied after seq 3)",
                        "seq 1, 2, 3, each once, in this order"));
    }

    @Test
    void describesTheColumnsItWasGiven() {
        assertThat(inOrder().description())
                .isEqualTo(
                        "each flow's applied records in effect on consumer.db (flow"
                                + " flow_id, sequence seq, applied in order of id) are its sequence 1..k, each once, in sequence order");
    }

    @Test
    void aQueryWithOtherThanTwoColumnsIsADefinitionError() {
        Invariant wrong = Invariants.contiguousPrefixPerFlow()
                .appliedFrom(consumer, "SELECT flow_id, seq, id FROM effect ORDER BY id");

        assertThatThrownBy(wrong::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'contiguous prefix per flow': the applied records query on consumer.db returned"
                        + " 3 columns (flow_id, seq, id); expected 2 columns: the flow, then the sequence number, in"
                        + " application order.\n  SQL: SELECT flow_id, seq, id FROM effect ORDER BY id");
    }
}
