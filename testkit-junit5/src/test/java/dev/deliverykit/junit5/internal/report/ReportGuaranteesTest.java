package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.Guarantee;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The report's guarantees: in a part only when there are any, merged across the parts of a run (a later part's row
 * replaces an earlier one's), and rendered per test class and role in report.md and report.html, escaped.
 */
class ReportGuaranteesTest {

    @Guarantee(id = "shipping.label-once", role = "shipping", name = "a retried shipment", value = "keeps its <label>")
    private void labelOnce() {}

    @Guarantee(id = "shipping.no-lost-order", role = "shipping", name = "an order", value = "is shipped", seed = "§4.2")
    private void noLostOrder() {}

    private static GuaranteeRow row(String method, String uniqueId) throws Exception {
        return new GuaranteeRow(
                ReportGuaranteesTest.class,
                method,
                uniqueId,
                ReportGuaranteesTest.class.getDeclaredMethod(method).getAnnotation(Guarantee.class));
    }

    private static Report part(List<GuaranteeRow> rows) {
        return CaseRows.part(
                List.of(), rows, 1, Instant.parse("2026-01-01T00:00:00Z"), "run", Optional.empty(), Path.of("reports"));
    }

    @Test
    void aPartWithoutGuaranteeTestsHasNoGuaranteesSection() {
        Report part = part(List.of());

        assertThat(ReportJson.write(part)).doesNotContain("\"guarantees\"");
        assertThat(ReportGuarantees.markdown(part.guarantees())).isEmpty();
    }

    @Test
    void theMergedReportKeepsTheLatestRowOfEachGuaranteeTestAndGroupsThemByClassAndRole() throws Exception {
        GuaranteeRow failedFirst = row("labelOnce", "[label]");
        failedFirst.failed("2 labels for s-1 <b>, expected 1");
        GuaranteeRow order = row("noLostOrder", "[order]");
        order.passed();
        order.failed("at crash after commit #2: lost intent s-2: found 0 effects, expected exactly 1");
        GuaranteeRow rerun = row("labelOnce", "[label]");
        rerun.skipped(GuaranteeRow.Verdict.NOT_PROMISED, "not promised by X (@NotPromised): one label per batch");
        Map<String, Report> parts = new LinkedHashMap<>();
        parts.put("report-1-1.json", ReportJson.read(ReportJson.write(part(List.of(failedFirst, order)))));
        parts.put("report-2-1.json", ReportJson.read(ReportJson.write(part(List.of(rerun)))));

        Report merged = RunMerge.merge(parts);

        assertThat(ReportGuarantees.markdown(merged.guarantees()))
                .isEqualTo("\nGuarantees by role:\n\n"
                        + "| test class | role | guarantees | hold | violated | not promised | skipped |\n"
                        + "| --- | --- | --- | --- | --- | --- | --- |\n"
                        + "| ReportGuaranteesTest | shipping | 2 | 0 | 1 | 1 | 0 |\n"
                        + "\n"
                        + "- ReportGuaranteesTest, shipping: 0 of 1 guarantee holds, 1 not promised; an order: 1 of 2"
                        + " cases fail, first at crash after commit #2: lost intent s-2: found 0 effects, expected"
                        + " exactly 1\n");
        StringBuilder html = new StringBuilder();
        ReportGuarantees.html(html, merged.guarantees());
        assertThat(html.toString())
                .startsWith("<h2 id=\"guarantees\">Guarantees by role</h2>\n<p>ReportGuaranteesTest, shipping: 0 of 1"
                        + " guarantee holds, 1 not promised; an order: 1 of 2 cases fail")
                .contains("<tr><td><code>shipping.label-once</code></td><td>keeps its &lt;label&gt;</td><td></td>"
                        + "<td class=\"ABORTED\">NOT PROMISED</td><td>not promised by X (@NotPromised): one label per"
                        + " batch</td></tr>\n")
                .contains("<tr><td><code>shipping.no-lost-order</code></td><td>is shipped</td><td>§4.2</td>"
                        + "<td class=\"VIOLATED\">VIOLATED</td><td>1 of 2 cases fail, first at crash after commit #2:"
                        + " lost intent s-2: found 0 effects, expected exactly 1</td></tr>\n");
    }
}
