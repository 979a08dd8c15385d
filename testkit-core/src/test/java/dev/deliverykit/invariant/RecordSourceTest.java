package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A side of an invariant read from a broker instead of a database: judged like rows of a table, failing with the
 * invariant's and the source's names. The brokers themselves are read in broker-subjects' tests; here a source
 * hands out fixed rows.
 */
class RecordSourceTest {

    @TempDir
    Path dir;

    private JdbcSource orders;

    @BeforeEach
    void database() {
        Path db = create(
                dir,
                "orders.db",
                "CREATE TABLE outbox_message(message_id TEXT PRIMARY KEY)",
                "INSERT INTO outbox_message VALUES ('m-1'), ('m-2'), ('m-10')");
        orders = source(db, "orders.db");
    }

    /** A broker that holds {@code rows} under {@code columns}, or fails its read with {@code failure}. */
    private static RecordSource topic(Function<RecordRead, RecordRows> read) {
        return new RecordSource() {
            @Override
            public String name() {
                return "topic shipments by header message-id";
            }

            @Override
            public RecordRows read(RecordRead recordRead) {
                return read.apply(recordRead);
            }
        };
    }

    private static RecordSource holding(String... keys) {
        List<List<String>> rows = Arrays.stream(keys).map(List::of).toList();
        return topic(read -> new RecordRows(List.of("message-id"), rows));
    }

    @Test
    void aMessageOnTheBrokerTwiceIsADuplicateAndOneMissingALostIntent() {
        Invariant sentOnce = Invariants.exactlyOncePerKey("every outbox message on the topic once")
                .intentsIn(orders, "outbox_message", "message_id")
                .effectsFrom(holding("m-10", "m-1", "m-10"));

        InvariantResult result = sentOnce.check();

        assertThat(sentOnce.description())
                .isEqualTo("every intent key of outbox_message.message_id on orders.db has exactly 1 effect in"
                        + " topic shipments by header message-id (and no key has 2 or more)");
        assertThat(result.message()).isEqualTo("""
                every outbox message on the topic once: violated (checked 3 intent keys, 3 effect rows)
                  lost intent: 1 key
                    m-2: found 0 effects, expected exactly 1
                  duplicate effect: 1 key
                    m-10: found 2 effects, expected exactly 1""");
        assertThat(result.evidence()).isEqualTo(Evidence.ROWS_READ);
    }

    @Test
    void intentsOnTheBrokerAndEffectsInADatabaseAreTheSameCheck() {
        Invariant applied = Invariants.noLostIntent()
                .intentsFrom(holding("m-1", "m-2", "m-3"))
                .effectsIn(orders, "outbox_message", "message_id");

        assertThat(applied.check().message()).isEqualTo("""
                no lost intent: violated (checked 3 intent keys, 3 effect rows; 1 effect key matches no intent: m-10)
                  lost intent: 1 key
                    m-3: found 0 effects, expected at least 1""");
    }

    @Test
    void anEmptyBrokerReadsNothingAndSaysSo() {
        Invariant atMostOnce = Invariants.atMostOncePerKey().effectsFrom(holding());

        InvariantResult result = atMostOnce.check();

        assertThat(result.message()).isEqualTo("at most once per key: holds (checked 0 effect rows, 0 keys)");
        assertThat(result.evidence()).isEqualTo(Evidence.NOTHING_READ);
    }

    @Test
    void stateOutboxAndAppliedRecordsReadFromABrokerToo() {
        RecordSource steps = topic(read -> new RecordRows(
                List.of("key", "seq"), List.of(List.of("o-1", "1"), List.of("o-1", "3"), List.of("o-2", "1"))));

        assertThat(Invariants.contiguousPrefixPerFlow()
                        .appliedFrom(steps)
                        .check()
                        .message())
                .isEqualTo("""
                        contiguous prefix per flow: violated (checked 2 flows, 3 applied records)
                          not a contiguous prefix: 1 flow
                            o-1: found seq 1, 3 in application order (seq 2 missing), expected seq 1, 2, 3, each once, in this order""");
        assertThat(Invariants.stateAndOutboxTogether()
                        .stateFrom(orders, "SELECT message_id FROM outbox_message")
                        .outboxFrom(holding("m-1", "m-2"))
                        .check()
                        .violations())
                .containsExactly(new Violation(
                        ViolationKind.STATE_WITHOUT_OUTBOX, "m-10", "state, no outbox row", "its outbox row"));
    }

    @Test
    void aBrokerThatCannotBeReadFailsTheCheckNamingTheInvariantAndTheSource() {
        Invariant invariant = Invariants.atMostOncePerKey("shipped once").effectsFrom(topic(read -> {
            throw read.unreachable("no answer from 127.0.0.1:1 within 2 s.", null);
        }));

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage(InvariantErrorMessages.cannotRead(
                        "shipped once",
                        "effects",
                        "topic shipments by header message-id",
                        "no answer from 127.0.0.1:1 within 2 s."));
    }

    @Test
    void recordsThatDoNotFitTheSourceFailTheCheckAsAWrongDefinition() {
        Invariant invariant = Invariants.noLostIntent("relayed")
                .intentsIn(orders, "outbox_message", "message_id")
                .effectsFrom(topic(read -> {
                    throw read.wrongDefinition("the record at partition 0, offset 3 has no header message-id.");
                }));

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.wrongRead(
                        "relayed",
                        "effects",
                        "topic shipments by header message-id",
                        "the record at partition 0, offset 3 has no header message-id."));
    }

    @Test
    void aSourceOfYourOwnThatLetsItsClientsFailureThroughStillFailsTheCheckByName() {
        IllegalStateException clientFailure = new IllegalStateException("connection reset");
        Invariant thrown = Invariants.atMostOncePerKey("shipped once").effectsFrom(topic(read -> {
            throw clientFailure;
        }));
        Invariant nothing = Invariants.atMostOncePerKey("shipped once").effectsFrom(topic(read -> null));

        assertThatThrownBy(thrown::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage(InvariantErrorMessages.cannotRead(
                        "shipped once", "effects", "topic shipments by header message-id", "connection reset"))
                .hasCause(clientFailure);
        assertThatThrownBy(nothing::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage(InvariantErrorMessages.cannotRead(
                        "shipped once",
                        "effects",
                        "topic shipments by header message-id",
                        "the source returned null instead of its rows."));
    }

    @Test
    void keysOfDifferentWidthsAndRowsOfTheWrongShapeAreRefused() {
        RecordSource twoColumns = topic(read -> new RecordRows(List.of("key", "seq"), List.of(List.of("m-1", "1"))));
        RecordSource oneColumn = holding("o-1");

        assertThatThrownBy(() -> Invariants.exactlyOncePerKey()
                        .intentsIn(orders, "outbox_message", "message_id")
                        .effectsFrom(twoColumns)
                        .check())
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.keyWidthsDiffer(
                        "exactly once per key", "intents", List.of("message_id"), "effects", List.of("key", "seq")));
        assertThatThrownBy(() -> Invariants.contiguousPrefixPerFlow()
                        .appliedFrom(oneColumn)
                        .check())
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.wrongRecordColumns(
                        "contiguous prefix per flow",
                        "applied records",
                        "topic shipments by header message-id",
                        List.of("message-id"),
                        "2 columns: the flow, then the sequence number, in application order"));
        assertThatThrownBy(() -> new RecordRows(List.of("key"), List.of(List.of("a", "b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(InvariantErrorMessages.rowWidth(0, List.of("a", "b"), List.of("key")));
        assertThatThrownBy(() -> new RecordRows(List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(InvariantErrorMessages.noColumns());
    }

    @Test
    void aRecordWithoutAValueIsReadAsNull() {
        RecordSource withNull = topic(read -> new RecordRows(
                List.of("key"), Arrays.asList(Arrays.asList((String) null), Arrays.asList((String) null))));

        assertThat(Invariants.atMostOncePerKey().effectsFrom(withNull).check().violations())
                .containsExactly(new Violation(ViolationKind.DUPLICATE_EFFECT, "NULL", "2 effects", "at most 1"));
    }
}
