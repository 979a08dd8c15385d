package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.html and report.md rendered from a fixed model: exact texts, the run line included. */
class ReportHtmlTest {

    private static final String LOST = "exactly once per message: violated (checked 6 intent keys, 0 effect rows)\n"
            + "  lost intent: 6 keys\n"
            + "    o-1:placed: found 0 effects, expected exactly 1\n"
            + "    o-2:placed: found 0 effects, expected exactly 1\n"
            + "    o-3:placed: found 0 effects, expected exactly 1\n"
            + "    o-4:placed: found 0 effects, expected exactly 1\n"
            + "    o-5:placed: found 0 effects, expected exactly 1\n"
            + "    o-6:placed: found 0 effects, expected exactly 1";

    /** Two JVMs' parts: an order test (no crash sites) with one failed case, and a test whose cases all passed. */
    private static ReportJson.Node model() throws Exception {
        ObjectMapper json = new ObjectMapper();
        var failedCase = json.createObjectNode().put("displayName", "order [o-2, o-1]").put("kind", "ORDER")
                .put("replayKey", "order=o-2,o-1").put("outcome", "FAILED")
                .put("failure", "1 of 1 invariant violated after order [o-2, o-1]:\n" + LOST).putNull("crashSite");
        failedCase.putObject("invariants").putObject("exactly once per message").put("verdict", "VIOLATED")
                .put("message", LOST);
        var passedCase = json.createObjectNode().put("displayName", "order [o-1, o-2]").put("kind", "ORDER")
                .put("replayKey", "order=o-1,o-2").put("outcome", "PASSED").putNull("crashSite");
        passedCase.putObject("invariants").putObject("exactly once per message").put("verdict", "HOLDS")
                .put("message", "exactly once per message: holds (checked 6 intent keys, 6 effect rows)");
        var timedOut = json.createObjectNode().put("displayName", "order [o-2, o-2]").put("kind", "ORDER")
                .put("replayKey", "order=o-2,o-2").put("outcome", "FAILED")
                .put("failure", "o-2 was delivered twice\n  at the second delivery").putNull("crashSite");
        timedOut.putObject("invariants");
        var orderTest = json.createObjectNode().put("class", "Shipping").put("method", "everyOrder")
                .put("uniqueId", "[engine:junit-jupiter]/[class:Shipping]/[test-template:everyOrder()]");
        orderTest.putArray("cases").add(passedCase).add(failedCase).add(timedOut);
        var crashCase = json.createObjectNode().put("displayName", "crash at relay #1").put("kind", "CRASH")
                .put("replayKey", "boundary=relay;hit=1").put("outcome", "PASSED")
                .put("crashSite", "com.example.orders.relay.Relay$Worker.publish(Relay.java:42)");
        var crashTest = json.createObjectNode().put("class", "Relay").put("method", "crash")
                .put("uniqueId", "[engine:junit-jupiter]/[class:Relay]/[test-template:crash()]");
        crashTest.putArray("cases").add(crashCase);
        var first = json.createObjectNode().put("format", ReportModel.FORMAT).put("pid", 11)
                .put("written", "2025-01-02T03:04:05Z").put("jdk", "17.0.9+9").put("kit", "0.1.0");
        first.putArray("tests").add(orderTest);
        var second = json.createObjectNode().put("format", ReportModel.FORMAT).put("pid", 12)
                .put("written", "2025-01-02T03:04:06Z").put("jdk", "21.0.2+13").put("kit", "0.1.0");
        second.putArray("tests").add(crashTest);
        Map<String, ReportJson.Node> parts = new LinkedHashMap<>();
        parts.put("report-11-1.json", ReportJson.read(json.writeValueAsString(first)));
        parts.put("report-12-1.json", ReportJson.read(json.writeValueAsString(second)));
        return new ReportJson.Node(ReportModel.merge(parts));
    }

    @Test
    void theRunLineNamesTheLastPartsTimeJdkAndKitVersion() throws Exception {
        assertThat(new ReportHtml(model()).render()).contains("<h1>DeliveryKit crash report</h1>\n"
                + "<p class=\"run\">Run 2025-01-02T03:04:06Z, JDK 21.0.2+13, DeliveryKit 0.1.0 (merged from 2 JVM runs)</p>\n"
                + "<p>4 cases: 2 passed, 2 failed, 0 aborted.</p>\n");
    }

    @Test
    void headingsCarryAnIdAndTheTestsStatus() throws Exception {
        assertThat(new ReportHtml(model()).render())
                .contains("<h2 id=\"Shipping.everyOrder\">Shipping.everyOrder <span class=\"bad\">— 2 of 3 failed</span></h2>")
                .contains("<h2 id=\"Relay.crash\">Relay.crash <span class=\"good\">— all 1 passed</span></h2>")
                .contains("<tr><td><a href=\"#Relay.crash\">Relay.crash</a></td><td>1</td><td>1</td><td>0</td><td>0</td></tr>");
    }

    @Test
    void aColumnEmptyInEveryRowIsLeftOutAndACrashSiteIsShortWithTheFrameInItsTitle() throws Exception {
        String html = new ReportHtml(model()).render();

        assertThat(html).contains("<table><tr><th>#</th><th>case</th><th>outcome</th><th>exactly once per message</th>"
                        + "<th>replay</th></tr>")
                .contains("<tr><th>#</th><th>case</th><th>outcome</th><th>crash site</th><th>replay</th></tr>\n"
                        + "<tr class=\"PASSED\"><td>1</td><td>crash at relay #1</td><td class=\"PASSED\">PASSED</td>"
                        + "<td><code title=\"com.example.orders.relay.Relay$Worker.publish(Relay.java:42)\">"
                        + "Relay$Worker.publish:42</code></td>"
                        + "<td class=\"replay\"><code>-Ddeliverykit.replay='boundary=relay;hit=1'</code></td></tr>");
    }

    @Test
    void aViolatedCellShowsItsFirstFiveViolationLinesAndTheFailedCasesListAllOfThem() throws Exception {
        String html = new ReportHtml(model()).render();

        assertThat(html).contains("<td class=\"VIOLATED\" title=\"" + LOST + "\">VIOLATED<div class=\"lines\">"
                        + "o-1:placed: found 0 effects, expected exactly 1<br>o-2:placed: found 0 effects, expected exactly 1"
                        + "<br>o-3:placed: found 0 effects, expected exactly 1<br>o-4:placed: found 0 effects, expected"
                        + " exactly 1<br>o-5:placed: found 0 effects, expected exactly 1<br>… 1 more lines (hover)</div></td>")
                .contains("<h2 id=\"failed-cases\" class=\"bad\">Failed cases (2)</h2>")
                .contains("<tr><td rowspan=\"2\"><a href=\"#Shipping.everyOrder\">Shipping.everyOrder</a></td><td>order [o-2, o-1]</td>"
                        + "<td class=\"why\"><b>exactly once per message</b><div class=\"lines\">o-1:placed: found 0 effects, expected"
                        + " exactly 1<br>o-2:placed: found 0 effects, expected exactly 1<br>o-3:placed: found 0 effects,"
                        + " expected exactly 1<br>o-4:placed: found 0 effects, expected exactly 1<br>o-5:placed: found 0"
                        + " effects, expected exactly 1<br>o-6:placed: found 0 effects, expected exactly 1</div></td>"
                        + "<td class=\"replay\"><code>-Ddeliverykit.replay='order=o-2,o-1'</code></td></tr>\n"
                        + "<tr><td>order [o-2, o-2]</td><td class=\"why\"><div class=\"lines\">o-2 was delivered twice</div>"
                        + "</td><td class=\"replay\"><code>-Ddeliverykit.replay='order=o-2,o-2'</code></td></tr>\n</table>");
    }

    @Test
    void aFailedCaseShowsItsFailuresFirstLineAndFoldsTheRest() throws Exception {
        assertThat(new ReportHtml(model()).render()).contains("<tr class=\"FAILED\"><td>3</td><td>order [o-2, o-2]</td>"
                + "<td class=\"FAILED\">FAILED<div class=\"lines\">o-2 was delivered twice</div><details><summary>more"
                + "</summary><pre class=\"lines\">at the second delivery</pre></details></td><td></td>");
    }

    @Test
    void theMarkdownFailureColumnShowsTheFirstThreeViolationLines() throws Exception {
        assertThat(new ReportFiles(model()).markdownSummary("")).contains("| Shipping.everyOrder | order [o-2, o-1]"
                + " | exactly once per message | `order=o-2,o-1` | o-1:placed: found 0 effects, expected exactly 1;"
                + " o-2:placed: found 0 effects, expected exactly 1; o-3:placed: found 0 effects, expected exactly 1;"
                + " … 3 more |\n")
                .contains("| Shipping.everyOrder | order [o-2, o-2] | - | `order=o-2,o-2` | o-2 was delivered twice |\n");
    }

    @Test
    void aFailureWithoutAViolatedInvariantShowsItsFirstLine() {
        assertThat(ReportText.violationLines("single line")).containsExactly("single line");
        assertThat(ReportText.violationLines("expected order:\n  o-1 twice")).containsExactly("o-1 twice");
        assertThat(ReportText.shortCrashSite("main")).isEqualTo("main");
        assertThat(ReportText.shortCrashSite("a.B.c(Unknown Source)")).isEqualTo("B.c");
    }
}
