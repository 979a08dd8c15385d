package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.effectRows;
import static dev.deliverykit.reference.ordered.Steps.flowRows;
import static dev.deliverykit.reference.ordered.Steps.inboxRows;
import static dev.deliverykit.reference.ordered.Steps.outboxRows;
import static dev.deliverykit.reference.ordered.Steps.projectionRow;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.ChildResult;
import dev.deliverykit.process.Handshake;
import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Six real processes, each with its own connection, released together by the READY/GO handshake.
 * {@code BEGIN IMMEDIATE} orders them; the tests check outcome counts and final records, never which
 * process won, because that varies by schedule.
 */
class OrderedConcurrencyTest {

    private static final int PROCESSES = 6;
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    private SqliteDatabase producerDb;
    private SqliteDatabase consumerDb;

    @BeforeEach
    void databasesWithTables() {
        producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
        consumerDb = SqliteDatabase.at(dir.resolve("consumer.db"));
        // Tables exist before the race, so that the processes race for the protocol, not for the DDL.
        new OrderedProducer(producerDb).close();
        new OrderedConsumer(consumerDb).close();
    }

    @Test
    void theSameEventAdvancedBySixProcessesCommitsOnce() {
        String a1 = v1("A", 1).canonicalBody();
        List<String> outcomes = race(child -> args("advance", producerDb.file().toString(), a1, "0"));

        assertThat(counts(outcomes)).isEqualTo(Map.of("COMMITTED", 1L, "EXISTING", 5L));
        assertThat(flowRows(producerDb)).containsExactly("A 1 reserved 3");
        assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=0");
    }

    @Test
    void sixNewEventIdsRacingForExpectedSeqZeroCommitOnceAndAreStaleFiveTimes() {
        List<String> outcomes = race(child -> args(
                "advance",
                producerDb.file().toString(),
                Event.v1("A1-p" + child, "A", 1, FlowState.RESERVED, 3).canonicalBody(),
                "0"));

        assertThat(counts(outcomes)).isEqualTo(Map.of("COMMITTED", 1L, "STALE", 5L));
        assertThat(flowRows(producerDb)).containsExactly("A 1 reserved 3");
        assertThat(outboxRows(producerDb)).singleElement().asString().matches("A1-p[0-5] accepted=0");
    }

    @Test
    void theSameEventReceivedBySixProcessesIsStoredOnce() {
        String a1 = v1("A", 1).canonicalBody();
        List<String> outcomes = race(child -> args("receive", consumerDb.file().toString(), a1));

        assertThat(counts(outcomes)).isEqualTo(Map.of("ACCEPTED", 1L, "DUPLICATE", 5L));
        assertThat(inboxRows(consumerDb)).containsExactly("A1 pending null");
    }

    @Test
    void sixProcessesApplyingTheSameFlowApplyItsNextEventOnce() {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            consumer.receive(v1("A", 1));
        }
        List<String> outcomes = race(child -> args("apply", consumerDb.file().toString(), "A"));

        assertThat(counts(outcomes)).isEqualTo(Map.of("APPLIED", 1L, "IDLE", 5L));
        assertThat(effectRows(consumerDb, "A")).containsExactly("1 reserved");
        assertThat(projectionRow(consumerDb, "A")).isEqualTo("reserved last_seq=1 held=3");
        assertThat(inboxRows(consumerDb)).containsExactly("A1 applied null");
    }

    @Test
    void sixRelaysWithoutALeaseDeliverEveryEventOnceAndAllEndIdle() {
        try (OrderedProducer producer = new OrderedProducer(producerDb)) {
            producer.advance(v1("A", 1), 0);
            producer.advance(v1("A", 2), 1);
            producer.advance(v1("A", 3), 2);
        }
        List<String> outcomes = race(child ->
                args("relay", producerDb.file().toString(), consumerDb.file().toString()));

        // Who sent what varies by schedule; the allowed set and the final records do not.
        assertThat(outcomes).allMatch(outcome -> outcome.matches("(ACCEPTED|DUPLICATE) A[123]|IDLE"));
        assertThat(outcomes.stream()
                        .filter(outcome -> outcome.startsWith("ACCEPTED"))
                        .sorted()
                        .toList())
                .containsExactly("ACCEPTED A1", "ACCEPTED A2", "ACCEPTED A3");
        assertThat(outcomes.stream().filter("IDLE"::equals).count()).isEqualTo(PROCESSES);
        assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=1", "A2 accepted=1", "A3 accepted=1");
        assertThat(inboxRows(consumerDb)).containsExactly("A1 pending null", "A2 pending null", "A3 pending null");
    }

    /**
     * Starts six children, waits until every one is READY, sends GO to all, and returns the
     * {@code OUTCOME} lines of all of them after each exited normally.
     */
    private static List<String> race(IntFunction<String[]> argumentsOfChild) {
        List<ChildProcess> children = new ArrayList<>();
        try {
            for (int child = 0; child < PROCESSES; child++) {
                children.add(ChildJvm.mainClass(OrderedChild.class)
                        .args(argumentsOfChild.apply(child))
                        .timeout(TIMEOUT)
                        .start());
            }
            children.forEach(child -> child.awaitLine(Handshake.READY));
            children.forEach(child -> child.sendLine(Handshake.GO));
            List<String> outcomes = new ArrayList<>();
            for (ChildProcess child : children) {
                ChildResult result = child.awaitExit();
                assertThat(result.exitCode()).as(result.toString()).isZero();
                result.stdoutLines().stream()
                        .filter(line -> line.startsWith("OUTCOME "))
                        .map(line -> line.substring("OUTCOME ".length()))
                        .forEach(outcomes::add);
            }
            return outcomes;
        } finally {
            children.forEach(ChildProcess::close);
        }
    }

    private static String[] args(String... args) {
        return args;
    }

    private static Map<String, Long> counts(List<String> outcomes) {
        return outcomes.stream().collect(Collectors.groupingBy(outcome -> outcome, Collectors.counting()));
    }
}
