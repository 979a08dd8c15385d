package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.invariant.Verdict;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The report's codec: every field of a report written and read back into the same records, a field that is written
 * only when it says something left out when empty, and a text of another format refused by its format.
 */
class ReportJsonTest {

    private static final List<TurnEnd> TIMELINE = List.of(
            new TurnEnd("relay-a", TurnEnd.Stop.HELD, 9, "before commit #5 in UnclaimedRelay.drain"),
            new TurnEnd(
                    "relay-a",
                    TurnEnd.Stop.STALLED,
                    9,
                    "before commit #5 in UnclaimedRelay.drain",
                    Duration.ofSeconds(31)),
            new TurnEnd("relay-b", TurnEnd.Stop.BLOCKED_IN_THE_DATABASE, 3, "after statement \"UPDATE\" #1"),
            new TurnEnd("relay-b", TurnEnd.Stop.CRASHED, 3, "after statement \"UPDATE\" #1", Duration.ofSeconds(31)),
            new TurnEnd("relay-a", TurnEnd.Stop.ENDED, 11, "the end"));

    private static CaseRow row(List<String> afterDeath, Optional<SweepCounts> sweep) {
        return row(afterDeath, sweep, List.of());
    }

    private static CaseRow row(List<String> afterDeath, Optional<SweepCounts> sweep, List<TurnEnd> timeline) {
        Map<String, CaseRow.InvariantCell> invariants = new LinkedHashMap<>();
        invariants.put(
                "exactly once per key",
                new CaseRow.InvariantCell(
                        Optional.of("Orders.exactlyOnce"),
                        Verdict.VIOLATED,
                        "1 intent key, 0 effect rows",
                        1,
                        "exactly once per key: violated\n  lost intent: 1 key",
                        Optional.of(List.of(new CaseRow.ViolationRow(
                                "LOST_INTENT", "lost intent", "o-1", "0 effects", "exactly 1")))));
        Map<String, Object> observations = new LinkedHashMap<>();
        observations.put("effects", 2L);
        observations.put("state", "placed \"twice\"");
        return new CaseRow(
                "crash at relay #1, then at recover #2",
                "[engine:junit-jupiter]/[test-template-invocation:#2]",
                OptionalInt.of(2),
                "CRASH_PAIR",
                Optional.of("relay"),
                Optional.of("method:Relay.publish"),
                Optional.of("class:Relay"),
                OptionalInt.of(1),
                Optional.of(
                        new CaseRow.Recovery("recover", Optional.of("recover"), Optional.empty(), 2, Optional.empty())),
                Optional.empty(),
                "IN_PROCESS",
                "boundary=relay;hit=1|boundary=recover;hit=2",
                CaseOutcome.FAILED,
                Optional.of("1 of 1 invariant violated"),
                Optional.of("com.example.Relay.publish(Relay.java:42)"),
                afterDeath,
                OptionalInt.of(12),
                OptionalLong.of(35),
                invariants,
                observations,
                List.of(new CaseRow.AttachmentLink("child stdout", Optional.of("attachments/report-1-1/2/out.txt"))),
                List.of("after statement \"INSERT\" #1 in Outbox.add"),
                sweep,
                timeline.isEmpty() ? Optional.empty() : Optional.of(new ScheduleCounts(12, 3, 11, 2)),
                timeline);
    }

    private static Report part(CaseRow... rows) {
        return new Report(
                new Report.Part(
                        4242, "4711@2026-01-01T00:00:00Z", "2026-01-01T00:00:01.5Z", "17", "0.1.0", Optional.of("2/4")),
                List.of(new TestReport(
                        "Orders", "com.example.Orders", "relay", "[test-template:relay()]", List.of(rows))),
                List.of(new GuaranteeResult(
                        "Orders",
                        "com.example.Orders",
                        "relay",
                        "[test:relay()]",
                        "relay",
                        "relay.once",
                        "a relayed message",
                        "is published once",
                        "",
                        GuaranteeRow.Verdict.HOLDS,
                        1,
                        0,
                        Optional.empty(),
                        Optional.empty())));
    }

    @Test
    void readsBackTheRecordsItWrote() {
        Report part = part(
                row(
                        List.of("INSERT refused"),
                        Optional.of(new SweepCounts(21, 6, 6, 15, Optional.empty(), 21, List.of("file write")))),
                row(List.of(), Optional.empty()),
                row(List.of(), Optional.empty(), TIMELINE));
        String written = ReportJson.write(part);

        Report read = ReportJson.read(written);

        assertThat(read).isEqualTo(part);
        assertThat(ReportJson.write(read)).isEqualTo(written);
        Report merged = new Report(
                new Report.Merged(
                        List.of(new Report.Source(
                                "report-1-1.json", 1, Optional.of("run"), "t", "17", "0.1.0", Optional.empty())),
                        Optional.empty(),
                        OptionalInt.of(4)),
                part.tests(),
                List.of());
        assertThat(ReportJson.read(ReportJson.write(merged))).isEqualTo(merged);
    }

    @Test
    void leavesOutWhatSaysNothingAndWritesTheRestEvenWhenNull() {
        String written = ReportJson.write(part(row(List.of(), Optional.empty())));

        assertThat(written)
                .doesNotContain("\"afterDeath\"", "\"sweep\"", "\"mergedShards\"", "\"timeline\"", "\"schedules\"")
                .contains("\"order\" : null", "\"within\" : null", "\"equivalents\" : [ \"after statement")
                .contains("\"totals\" : {" + System.lineSeparator() + "    \"cases\" : 1,");
    }

    @Test
    void refusesAReportOfAnotherFormatByItsFormat() {
        assertThatThrownBy(() -> ReportJson.read("{\"format\" : \"deliverykit-report/0\"}"))
                .isInstanceOfSatisfying(
                        OtherReportFormat.class, e -> assertThat(e.format()).isEqualTo("deliverykit-report/0"))
                .hasMessage("its format is \"deliverykit-report/0\", not deliverykit-report/1");
    }

    private static UnexpectedValue refused(String text) {
        Throwable thrown = catchThrowable(() -> ReportJson.read(text));
        assertThat(thrown).isInstanceOf(BadReportField.class);
        assertThat(thrown.getCause()).isInstanceOf(UnexpectedValue.class);
        return (UnexpectedValue) thrown.getCause();
    }

    /** {@code report}'s written text with {@code field}, as {@code "field" : value}, replaced by {@code with}. */
    private static String edited(Report report, String field, String with) {
        String written = ReportJson.write(report);
        String edited = written.replaceFirst("\"" + field + "\" : [^,\\n]*,?", with);
        assertThat(edited).isNotEqualTo(written);
        return edited;
    }

    @Test
    void refusesAMissingNumberByItsFieldAndTheKitThatWroteIt() {
        Report part = part(row(List.of(), Optional.empty()));

        UnexpectedValue missing = refused(edited(part, "violations", ""));

        assertThat(missing.field()).isEqualTo("tests[0].cases[0].invariants.exactly once per key.violations");
        assertThat(missing.found()).isEmpty();
        assertThat(missing.expected()).isEqualTo("a whole number");
        assertThatThrownBy(() -> ReportJson.read(edited(part, "violations", "")))
                .hasMessageEndingWith("; DeliveryKit 0.1.0 wrote it");
        assertThat(refused(edited(part, "pid", "\"pid\" : \"one\",")).found()).contains("\"one\"");
    }

    @Test
    void refusesAMissingOrUnknownEnumByItsField() {
        Report part = part(row(List.of(), Optional.empty()));

        UnexpectedValue missing = refused(edited(part, "outcome", ""));
        UnexpectedValue unknown = refused(edited(part, "outcome", "\"outcome\" : \"EXPLODED\","));

        assertThat(missing.field()).isEqualTo("tests[0].cases[0].outcome");
        assertThat(missing.found()).isEmpty();
        assertThat(unknown.field()).isEqualTo("tests[0].cases[0].outcome");
        assertThat(unknown.found()).contains("\"EXPLODED\"");
        assertThat(unknown.expected()).isEqualTo("one of PASSED, FAILED, ABORTED, NOT_FINISHED");
        assertThat(refused(edited(part, "verdict", "\"verdict\" : \"MAYBE\",")).field())
                .isEqualTo("tests[0].cases[0].invariants.exactly once per key.verdict");
    }

    @Test
    void refusesATurnThatEndedInAWayTheKitNeverWritesByItsField() {
        Report part = part(row(List.of(), Optional.empty(), TIMELINE));

        UnexpectedValue unknown = refused(edited(part, "stop", "\"stop\" : \"PAUSED\","));
        UnexpectedValue missing = refused(edited(part, "point", ""));
        UnexpectedValue considered = refused(edited(part, "considered", "\"considered\" : \"many\","));

        assertThat(unknown.field()).isEqualTo("tests[0].cases[0].timeline[0].stop");
        assertThat(unknown.expected())
                .isEqualTo("one of HELD, ENDED, BLOCKED_IN_THE_DATABASE, WAITING, STALLED, CRASHED");
        assertThat(missing.field()).isEqualTo("tests[0].cases[0].timeline[0].point");
        assertThat(considered.field()).isEqualTo("tests[0].cases[0].schedules.considered");
    }

    @Test
    void readsAReportWrittenBeforeSchedulesHadATimelineAsOneWithout() {
        Report part = part(row(List.of(), Optional.empty(), TIMELINE));
        String withoutTimeline = ReportJson.write(part)
                .replaceFirst(",\\s*\"schedules\" : \\{[^}]*}", "")
                .replaceFirst(",\\s*\"timeline\" : \\[[^\\]]*\\]", "");

        assertThat(withoutTimeline).doesNotContain("\"timeline\"", "\"schedules\"");
        assertThat(ReportJson.read(withoutTimeline)).isEqualTo(part(row(List.of(), Optional.empty())));
    }
}
