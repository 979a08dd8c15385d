package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.postgres.pipeline.FlowConsumer;
import dev.deliverykit.junit5.postgres.pipeline.FlowEvent;
import dev.deliverykit.junit5.postgres.pipeline.FlowProducer;
import dev.deliverykit.junit5.postgres.pipeline.FlowRelay;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ten crash boundaries of protocols.md section 2 on a real PostgreSQL server: a plain-JDBC ordered pipeline
 * (producer with outbox, relay, consumer with inbox and ordered apply; producer and consumer in two databases)
 * advances A1, relays until idle and drains flow A, and dies at each boundary, in this JVM and as a real exit of
 * a child JVM (code 73). Each case reads the durable state back with plain JDBC before recovery, recovers with
 * new objects (re-advance A1, relay until idle, drain A) and reads the state again; the test compares the whole
 * table with the contract's.
 */
@RealStack
class PostgresOrderedPipelineTest {

    /** Keeps the server up across the fixture runs below. */
    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    static final FlowEvent A1 = new FlowEvent("A1", "A", 1, "reserved", 1, 3);

    /** Case name -> "before | recovery | after", filled by the fixtures. */
    static final Map<String, String> ROWS = new LinkedHashMap<>();

    @TempDir
    Path reports;

    abstract static class Pipeline {
        @RegisterExtension
        static final PostgresDatabases pg = PostgresDatabases.named("producer", "consumer");

        @CheckInvariant
        final Invariant exactlyOnce = Invariants.exactlyOncePerKey()
                .intentsFrom(pg.source("producer"), "SELECT event_id FROM outbox")
                .effectsIn(pg.source("consumer"), "effect", "event_id");

        @CheckInvariant
        final Invariant stateAndOutbox = Invariants.stateAndOutboxTogether()
                .stateFrom(pg.source("producer"), "SELECT flow_id, seq FROM flow")
                .outboxFrom(pg.source("producer"), "SELECT flow_id, max(seq) FROM outbox GROUP BY flow_id");

        void crashAndRecover(CrashScenario scenario) throws Exception {
            String producer = pg.url("producer");
            String consumer = pg.url("consumer");
            new FlowProducer(producer); // the schema, as a deployment's migration made it
            new FlowConsumer(consumer);
            scenario.run(AdvanceRelayDrain.class, producer, consumer); // dies at the boundary
            String before = state(producer, consumer);
            AtomicReference<String> recovery = new AtomicReference<>();
            scenario.restart(() -> recovery.set(recover(producer, consumer)));
            String after = summary(producer, consumer);
            scenario.observe("after recovery", after);
            ROWS.put(scenario.caseName(), before + " | " + recovery.get() + " | " + after);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(PipelineBoundaries.class)
    static class InThisJvmTestCases extends Pipeline {
        @CrashAt({
            "producer.after-flow-update", "producer.after-outbox-insert", "producer.after-commit",
            "consumer.after-inbox-insert", "consumer.after-receive-commit", "relay.after-accepted-update",
            "relay.after-accepted-commit", "apply.after-projection-update", "apply.after-applied-mark",
            "apply.after-commit"
        })
        void a1IsAppliedExactlyOnce(CrashScenario scenario) throws Exception {
            crashAndRecover(scenario);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(PipelineBoundaries.class)
    static class AsProcessExitsTestCases extends Pipeline {
        @CrashAt(
                value = {
                    "producer.after-flow-update", "producer.after-outbox-insert", "producer.after-commit",
                    "consumer.after-inbox-insert", "consumer.after-receive-commit", "relay.after-accepted-update",
                    "relay.after-accepted-commit", "apply.after-projection-update", "apply.after-applied-mark",
                    "apply.after-commit"
                },
                mode = CrashMode.CHILD_PROCESS)
        void a1IsAppliedExactlyOnce(CrashScenario scenario) throws Exception {
            crashAndRecover(scenario);
        }
    }

    /** The workload: advance A1, relay until idle, drain A. Arguments: producer URL, consumer URL. */
    public static final class AdvanceRelayDrain implements ProcessWorkload {
        @Override
        public void run(List<String> arguments) {
            new FlowProducer(arguments.get(0)).advance(A1, 0);
            FlowConsumer consumer = new FlowConsumer(arguments.get(1));
            FlowRelay relay = new FlowRelay(arguments.get(0), consumer);
            while (!relay.relay().outcome().equals("idle")) {
                // relay every unaccepted row
            }
            consumer.drain("A", 10);
        }
    }

    /** A fresh process: re-advance A1 (the caller got no answer), relay until idle, drain A; what each answered. */
    static String recover(String producerUrl, String consumerUrl) {
        FlowProducer.Outcome advance = new FlowProducer(producerUrl).advance(A1, 0);
        FlowConsumer consumer = new FlowConsumer(consumerUrl);
        FlowRelay relay = new FlowRelay(producerUrl, consumer);
        List<String> relayed = new ArrayList<>();
        FlowRelay.Sent sent;
        do {
            sent = relay.relay();
            relayed.add(sent.toString());
        } while (!sent.outcome().equals("idle"));
        FlowConsumer.Drain drain = consumer.drain("A", 10);
        return "advance " + advance.name().toLowerCase() + "; relay " + String.join(", ", relayed) + "; drain applied "
                + drain.applied() + ", " + drain.stop().name().toLowerCase();
    }

    /** The durable state of both databases, read with plain JDBC. */
    static String state(String producerUrl, String consumerUrl) throws SQLException {
        try (Connection p = PostgresServer.connect(producerUrl);
                Connection c = PostgresServer.connect(consumerUrl)) {
            return "flow " + rows(p, "SELECT state || ' seq=' || seq FROM flow ORDER BY flow_id")
                    + ", outbox "
                    + rows(p, "SELECT event_id || ' accepted=' || accepted FROM outbox ORDER BY flow_id, seq")
                    + ", inbox " + rows(c, "SELECT event_id || ' ' || state FROM inbox ORDER BY flow_id, seq")
                    + ", projection " + projection(c)
                    + ", effects " + rows(c, "SELECT event_id || ' ' || kind FROM effect ORDER BY effect_id");
        }
    }

    /** The contract's "after recovery" column: A1's effects and the projection. */
    static String summary(String producerUrl, String consumerUrl) throws SQLException {
        try (Connection c = PostgresServer.connect(consumerUrl)) {
            return "A1 effects " + rows(c, "SELECT count(*) FROM effect WHERE event_id = 'A1'") + ", projection "
                    + projection(c);
        }
    }

    private static String projection(Connection c) throws SQLException {
        String row = rows(
                c,
                "SELECT state || ' last_seq=' || last_seq || ' held=' || held FROM projection"
                        + " WHERE flow_id = 'A'");
        return row.equals("(none)") ? "new last_seq=0 held=0" : row;
    }

    private static String rows(Connection connection, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values.isEmpty() ? "(none)" : String.join("; ", values);
    }

    /** The contract's table (protocols.md section 2, as docs/reference-scenarios.md spells it out for SQLite). */
    static final String EXPECTED = """
            | 1 | producer.after-flow-update | flow (none), outbox (none), inbox (none), projection new last_seq=0 held=0, effects (none) | advance committed; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 2 | producer.after-outbox-insert | flow (none), outbox (none), inbox (none), projection new last_seq=0 held=0, effects (none) | advance committed; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 3 | producer.after-commit | flow reserved seq=1, outbox A1 accepted=0, inbox (none), projection new last_seq=0 held=0, effects (none) | advance existing; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 4 | consumer.after-inbox-insert | flow reserved seq=1, outbox A1 accepted=0, inbox (none), projection new last_seq=0 held=0, effects (none) | advance existing; relay accepted A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 5 | consumer.after-receive-commit | flow reserved seq=1, outbox A1 accepted=0, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay duplicate A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 6 | relay.after-accepted-update | flow reserved seq=1, outbox A1 accepted=0, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay duplicate A1, idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 7 | relay.after-accepted-commit | flow reserved seq=1, outbox A1 accepted=1, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 8 | apply.after-projection-update | flow reserved seq=1, outbox A1 accepted=1, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 9 | apply.after-applied-mark | flow reserved seq=1, outbox A1 accepted=1, inbox A1 pending, projection new last_seq=0 held=0, effects (none) | advance existing; relay idle; drain applied 1, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            | 10 | apply.after-commit | flow reserved seq=1, outbox A1 accepted=1, inbox A1 applied, projection reserved last_seq=1 held=3, effects A1 reserved | advance existing; relay idle; drain applied 0, idle | A1 effects 1, projection reserved last_seq=1 held=3 |
            """;

    /** The rows the fixture recorded, in the table's order, for case names made by {@code suffix}. */
    static String table(String suffix) {
        StringBuilder table = new StringBuilder();
        for (int i = 0; i < PipelineBoundaries.NAMES.length; i++) {
            String name = PipelineBoundaries.NAMES[i];
            table.append("| ")
                    .append(i + 1)
                    .append(" | ")
                    .append(name)
                    .append(" | ")
                    .append(ROWS.get("crash at " + name + " #1" + suffix))
                    .append(" |\n");
        }
        return table.toString();
    }

    /** Runs a fixture's ten cases: each passes and adds its row; the rows make the expected table. */
    private void assertEveryBoundaryRecovers(Class<?> fixture, String modeSuffix) {
        ROWS.clear();
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixture);

        assertThat(results)
                .hasNumberOfStartedCases(10)
                .hasNumberOfSucceededCases(10)
                .hasNumberOfFailedCases(0)
                .hasNumberOfAbortedCases(0)
                .hasNumberOfSkippedCases(0);
        assertThat(ROWS).hasSize(10);
        assertThat(table(modeSuffix)).isEqualTo(EXPECTED);
    }

    @Test
    void inThisJvmEveryBoundaryLeavesTheContractsStateAndRecoversToOneEffect() {
        assertEveryBoundaryRecovers(InThisJvmTestCases.class, "");
    }

    @Test
    void asARealProcessExitEveryBoundaryLeavesTheContractsStateAndRecoversToOneEffect() {
        assertEveryBoundaryRecovers(AsProcessExitsTestCases.class, " (child JVM)");
    }
}
