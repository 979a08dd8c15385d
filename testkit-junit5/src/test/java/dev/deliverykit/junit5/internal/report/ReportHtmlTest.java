package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.html and report.md rendered from a fixed model: exact texts, the run line included. */
class ReportHtmlTest {

    private static final String LOST = "exactly once per message: violated (checked 2 intent keys, 0 effect rows)\n"
            + "  lost intent: 2 keys\n"
            + "    o-1:placed: found 0 effects, expected exactly 1\n"
            + "    o-2:placed: found 0 effects, expected exactly 1";

    private static final String LOST_SIX = "exactly once per message: violated (checked 6 intent keys, 0 effect rows)\n"
            + "  lost intent: 6 keys\n"
            + "    o-1:placed: found 0 effects, expected exactly 1\n"
            + "    o-2:placed: found 0 effects, expected exactly 1\n"
            + "    o-3:placed: found 0 effects, expected exactly 1\n"
            + "    o-4:placed: found 0 effects, expected exactly 1\n"
            + "    o-5:placed: found 0 effects, expected exactly 1\n"
            + "    o-6:placed: found 0 effects, expected exactly 1";

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode orderCase(String order, String outcome) {
        return JSON.createObjectNode()
                .put("displayName", "order [" + order + "]")
                .put("kind", "ORDER")
                .put("replayKey", "order=" + order.replace(" ", ""))
                .put("outcome", outcome)
                .putNull("crashSite");
    }

    /** A case that lost both orders' messages, the second one found {@code o2Found} for o-2. */
    private static ObjectNode lostBoth(String order, String o2Found) {
        ObjectNode row = orderCase(order, "FAILED")
                .put("failure", "1 of 1 invariant violated after order [" + order + "]:\n" + LOST);
        ObjectNode cell = row.putObject("invariants")
                .putObject("exactly once per message")
                .put("field", "Shipping.exactlyOnce")
                .put("verdict", "VIOLATED")
                .put("violations", 2)
                .put("message", LOST);
        var violated = cell.putArray("violated");
        violated.addObject()
                .put("kind", "LOST_INTENT")
                .put("label", "lost intent")
                .put("key", "o-1:placed")
                .put("found", "0 effects")
                .put("expected", "exactly 1");
        violated.addObject()
                .put("kind", "LOST_INTENT")
                .put("label", "lost intent")
                .put("key", "o-2:placed")
                .put("found", o2Found)
                .put("expected", "exactly 1");
        return row;
    }

    /**
     * Two JVMs' parts: an order test (no crash sites) with two cases failed for the same cause and one failed
     * without an invariant, a test whose one case passed, and a test from a part written before violations were
     * data (only their message).
     */
    private static Report model() throws Exception {
        ObjectNode passed = orderCase("o-1, o-2", "PASSED");
        passed.putObject("invariants")
                .putObject("exactly once per message")
                .put("verdict", "HOLDS")
                .put("violations", 0)
                .put("message", "exactly once per message: holds (checked 2 intent keys, 2 effect rows)");
        ObjectNode twice =
                orderCase("o-2, o-2", "FAILED").put("failure", "o-2 was delivered twice\n  at the second delivery");
        twice.putObject("invariants");
        ObjectNode orderTest = JSON.createObjectNode()
                .put("class", "Shipping")
                .put("method", "everyOrder")
                .put("uniqueId", "[engine:junit-jupiter]/[class:Shipping]/[test-template:everyOrder()]");
        orderTest
                .putArray("cases")
                .add(passed)
                .add(lostBoth("o-2, o-1", "0 effects"))
                .add(twice)
                .add(lostBoth("o-1, o-1", "0 effects, 1 pending"));
        ObjectNode crashCase = JSON.createObjectNode()
                .put("displayName", "crash at relay #1")
                .put("kind", "CRASH")
                .put("replayKey", "boundary=relay;hit=1")
                .put("outcome", "PASSED")
                .put("crashSite", "com.example.orders.relay.Relay$Worker.publish(Relay.java:42)");
        ObjectNode crashTest = JSON.createObjectNode()
                .put("class", "Relay")
                .put("method", "crash")
                .put("uniqueId", "[engine:junit-jupiter]/[class:Relay]/[test-template:crash()]");
        crashTest.putArray("cases").add(crashCase);
        ObjectNode old = JSON.createObjectNode()
                .put("displayName", "crash at relay #2")
                .put("kind", "CRASH")
                .put("replayKey", "boundary=relay;hit=2")
                .put("outcome", "FAILED")
                .put("failure", "1 of 1 invariant violated after crash at relay #2 and recovery:\n" + LOST_SIX)
                .put("crashSite", "com.example.orders.relay.Relay.publish(Relay.java:40)");
        old.putObject("invariants")
                .putObject("exactly once per message")
                .put("verdict", "VIOLATED")
                .put("violations", 6)
                .put("message", LOST_SIX);
        ObjectNode oldTest = JSON.createObjectNode()
                .put("class", "Old")
                .put("method", "sweep")
                .put("uniqueId", "[engine:junit-jupiter]/[class:Old]/[test-template:sweep()]");
        oldTest.putArray("cases").add(old);
        ObjectNode first = part(11, "2025-01-02T03:04:05Z", "17.0.9+9");
        first.putArray("tests").add(orderTest);
        ObjectNode second = part(12, "2025-01-02T03:04:06Z", "21.0.2+13");
        second.putArray("tests").add(crashTest).add(oldTest);
        Map<String, Report> parts = new LinkedHashMap<>();
        parts.put("report-11-1.json", ReportJson.read(JSON.writeValueAsString(first)));
        parts.put("report-12-1.json", ReportJson.read(JSON.writeValueAsString(second)));
        return RunMerge.merge(parts);
    }

    private static ObjectNode part(int pid, String written, String jdk) {
        return JSON.createObjectNode()
                .put("format", Report.FORMAT)
                .put("pid", pid)
                .put("run", "4711@2025-01-02T03:00:00Z")
                .put("written", written)
                .put("jdk", jdk)
                .put("kit", "0.1.0");
    }

    @Test
    void theRunLineNamesTheLastPartsTimeJdkAndKitVersion() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .contains("<h1>DeliveryKit crash report</h1>\n"
                        + "<p class=\"run\">Run 2025-01-02T03:04:06Z, JDK 21.0.2+13, DeliveryKit 0.1.0 (merged from 2 JVMs of"
                        + " this run)</p>\n"
                        + "<p class=\"totals\">6 cases: 2 passed, 4 failed, 0 aborted.</p>\n");
    }

    @Test
    void headingsCarryAnIdAndTheTestsStatusAndTestNamesBreakOnlyAtTheirDots() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<h2 id=\"Shipping.everyOrder\" class=\"name\">Shipping.<wbr>everyOrder"
                        + " <span class=\"bad\">— 3 of 4 failed</span></h2>")
                .contains(
                        "<h2 id=\"Relay.crash\" class=\"name\">Relay.<wbr>crash <span class=\"good\">— all 1 passed</span></h2>")
                .contains(
                        "<tr><td class=\"name\"><a href=\"#Relay.crash\">Relay.<wbr>crash</a></td>"
                                + "<td class=\"n\" data-label=\"cases\">1</td><td class=\"n\" data-label=\"passed\">1</td>"
                                + "<td class=\"n\" data-label=\"failed\">0</td><td class=\"n\" data-label=\"aborted\">0</td></tr>");
    }

    @Test
    void casesThatViolatedTheSameInvariantForTheSameKeysAreOneCauseListingWhatEachKeyShowed() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<h2 id=\"failures\" class=\"bad\">Failures: 4 cases, 3 causes</h2>\n")
                .contains("<details class=\"cause\" id=\"cause-1\" open><summary><span class=\"count\">2 cases</span>"
                        + "lost intent <code>o-1:placed, o-2:placed</code> <span class=\"test\">(exactly once per message)"
                        + "</span> <span class=\"test\">in Shipping.<wbr>everyOrder</span></summary>\n"
                        + "<div class=\"invariant\"><b>exactly once per message</b> violated <span class=\"field\">"
                        + "(Shipping.exactlyOnce)</span></div>\n"
                        + "<div class=\"scroll\"><table class=\"found\"><tr><th>key</th><th>violation</th><th>found</th>"
                        + "<th>expected</th><th>cases</th></tr>\n"
                        + "<tr><td><code>o-1:placed</code></td><td>lost intent</td><td>0 effects</td><td>exactly 1</td>"
                        + "<td class=\"n\">2 of 2</td></tr>\n"
                        + "<tr><td><code>o-2:placed</code></td><td>lost intent</td><td>0 effects</td><td>exactly 1</td>"
                        + "<td class=\"n\">1 of 2</td></tr>\n"
                        + "<tr><td><code>o-2:placed</code></td><td>lost intent</td><td>0 effects, 1 pending</td>"
                        + "<td>exactly 1</td><td class=\"n\">1 of 2</td></tr>\n</table></div>\n"
                        + "<ol class=\"cases\">\n"
                        + "<li><a class=\"name\" href=\"#Shipping.everyOrder-2\">order [o-2, o-1]</a><br>"
                        + "<code class=\"replay\">-Ddeliverykit.replay=&#39;order=o-2,o-1&#39;</code><details><summary>"
                        + "failure message</summary><pre>1 of 1 invariant violated after order [o-2, o-1]:\n" + LOST
                        + "</pre></details></li>\n"
                        + "<li><a class=\"name\" href=\"#Shipping.everyOrder-4\">order [o-1, o-1]</a><br>"
                        + "<code class=\"replay\">-Ddeliverykit.replay=&#39;order=o-1,o-1&#39;</code><details><summary>"
                        + "failure message</summary><pre>1 of 1 invariant violated after order [o-1, o-1]:\n" + LOST
                        + "</pre></details></li>\n</ol></details>\n");
    }

    @Test
    void aFailureWithoutAViolatedInvariantIsACauseOfItsOwnNamedByItsFirstLine() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<details class=\"cause\" id=\"cause-2\" open><summary><span class=\"count\">1 case</span>"
                        + "o-2 was delivered twice <span class=\"test\">in Shipping.<wbr>everyOrder</span></summary>\n"
                        + "<p>o-2 was delivered twice</p>\n<ol class=\"cases\">\n"
                        + "<li><a class=\"name\" href=\"#Shipping.everyOrder-3\">order [o-2, o-2]</a><br>"
                        + "<code class=\"replay\">-Ddeliverykit.replay=&#39;order=o-2,o-2&#39;</code><details><summary>"
                        + "failure message</summary><pre>o-2 was delivered twice\n  at the second delivery</pre></details>"
                        + "</li>\n</ol></details>\n")
                .contains(
                        "<tr id=\"Shipping.everyOrder-3\" class=\"FAILED\"><td class=\"n\">3</td><td class=\"case\">"
                                + "<span class=\"name\">order [o-2, o-2]</span><br><code class=\"replay\">-Ddeliverykit.replay="
                                + "&#39;order=o-2,o-2&#39;</code></td><td class=\"FAILED\" data-label=\"outcome\">FAILED"
                                + " <a href=\"#cause-2\">cause 2</a></td><td data-label=\"exactly once per message\"></td></tr>");
    }

    @Test
    void aPartWrittenBeforeViolationsWereDataShowsItsViolationLines() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains(
                        "<summary><span class=\"count\">1 case</span><code>o-1:placed: found 0 effects, expected exactly 1,"
                                + " o-2:placed: found 0 effects, expected exactly 1, o-3:placed: found 0 effects, expected exactly 1"
                                + "</code> and 3 more <span class=\"test\">(exactly once per message)</span>")
                .contains("<p class=\"site\">Crash sites: <code>Relay.publish:40</code></p>\n");
    }

    @Test
    void aColumnEmptyInEveryRowIsLeftOutAndACrashSiteIsShortWithTheFrameInItsTitle() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<tr class=\"head\"><th>#</th><th>case and replay option</th><th>outcome</th>"
                        + "<th>exactly once per message</th></tr>")
                .contains("<tr class=\"head\"><th>#</th><th>case and replay option</th><th>outcome</th>"
                        + "<th>crash site</th></tr>\n"
                        + "<tr id=\"Relay.crash-1\" class=\"PASSED\"><td class=\"n\">1</td><td class=\"case\">"
                        + "<span class=\"name\">crash at relay #1</span><br><code class=\"replay\">-Ddeliverykit.replay="
                        + "&#39;boundary=relay;hit=1&#39;</code></td><td class=\"PASSED\" data-label=\"outcome\">PASSED</td>"
                        + "<td class=\"wide\" data-label=\"crash site\"><code title=\"com.example.orders.relay."
                        + "Relay$Worker.publish(Relay.java:42)\">Relay$Worker.publish:42</code></td></tr>");
    }

    @Test
    void aViolatedCellNamesItsKeysByKindWithTheWholeMessageInItsTitle() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<td class=\"VIOLATED\" data-label=\"exactly once per message\" title=\"" + LOST
                        + "\">VIOLATED<div class=\"verdict-lines\">lost intent: <code>o-1:placed, o-2:placed</code></div>"
                        + "</td>");
    }

    @Test
    void theMarkdownFailureColumnShowsTheFirstThreeViolationLines() throws Exception {
        assertThat(new ReportFiles(model()).markdownSummary(""))
                .contains(
                        "| Shipping.everyOrder | order [o-2, o-1] | exactly once per message | `order=o-2,o-1`"
                                + " | o-1:placed: found 0 effects, expected exactly 1; o-2:placed: found 0 effects, expected exactly 1 |\n")
                .contains(
                        "| Shipping.everyOrder | order [o-2, o-2] | - | `order=o-2,o-2` | o-2 was delivered twice |\n")
                .contains("| Old.sweep | crash at relay #2 | exactly once per message | `boundary=relay;hit=2`"
                        + " | o-1:placed: found 0 effects, expected exactly 1; o-2:placed: found 0 effects, expected exactly 1;"
                        + " o-3:placed: found 0 effects, expected exactly 1; … 3 more |\n");
    }

    @Test
    void aFailureWithoutAViolatedInvariantShowsItsFirstLine() {
        assertThat(ReportText.violationLines("single line")).containsExactly("single line");
        assertThat(ReportText.violationLines("expected order:\n  o-1 twice")).containsExactly("o-1 twice");
        assertThat(ReportText.shortCrashSite("main")).isEqualTo("main");
        assertThat(ReportText.shortCrashSite("a.B.c(Unknown Source)")).isEqualTo("B.c");
        assertThat(ReportText.shortCrashSite("com.example.Outbox.lambda$markPublished$1(Outbox.java:57)"))
                .isEqualTo("Outbox.markPublished:57");
    }
}
