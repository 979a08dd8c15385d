package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * A {@link Report} in its three forms: {@code report.json} (format {@value Report#FORMAT}, {@link ReportJson}) for
 * machines, {@code report.html} (a crash matrix per test, {@link ReportHtml}) for people, and {@code report.md}
 * ({@link ReportMarkdown}), the summary for the CI log.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportFiles {

    private final Report report;

    public ReportFiles(Report report) {
        this.report = report;
    }

    /**
     * Writes {@code report.json}, {@code report.html} and {@code report.md} (the summary, for a CI job's
     * summary page) into {@code directory}, each replaced whole, and returns the HTML file.
     */
    Path write(Path directory) throws IOException {
        ReportDirectory.replace(directory.resolve("report.json"), ReportJson.write(report));
        Path html = directory.resolve("report.html");
        ReportDirectory.replace(html, html());
        ReportDirectory.replace(directory.resolve("report.md"), markdownSummary(""));
        return html.toAbsolutePath();
    }

    String html() {
        return new ReportHtml(report).render();
    }

    /** The summary printed at the end of the run ({@link ReportMarkdown}), with the report's location if any. */
    public String markdownSummary(String location) {
        return new ReportMarkdown(report).render(location);
    }
}
