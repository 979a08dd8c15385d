package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioReportTest {

    /** The checked-in golden report, relative to this module, testkit-core/reference (Surefire's working directory). */
    static final Path GOLDEN = Path.of("..", "..", "docs", "reference-scenarios.md");

    /** One render of the whole report for this class: its crash tables are about thirty child JVMs. */
    private static String rendered;

    @BeforeAll
    static void renderTheReferenceReport() throws Exception {
        rendered = ScenarioReport.reference().render();
    }

    @Test
    void referenceReportMatchesTheCheckedInGoldenFile() throws Exception {
        String golden = Files.readString(GOLDEN, StandardCharsets.UTF_8);

        assertThat(ScenarioReport.firstDifference(golden, rendered))
                .as("regenerate with: mvn -B -q -pl testkit-core/reference -am package -DskipTests exec:java@scenarios"
                        + " -Dexec.args='--output docs/reference-scenarios.md' (from the repository root)")
                .isNull();
    }

    @Test
    void reportIsTheSameOnEveryRun() throws Exception {
        // Another run of every section, in other directories: the sections' own tests share it.
        String again = ScenarioReport.TITLE + "\n" + String.join("\n", RenderedSections.all());

        assertThat(rendered).isEqualTo(again);
    }

    @Test
    void checkExitsOneAndNamesTheFirstDifferingLine(@TempDir Path dir) throws Exception {
        ScenarioReport report = new ScenarioReport(List.of(fixed("## A\n\n| x |\n| --- |\n| 1 |\n")));
        Path golden = dir.resolve("golden.md");
        Files.writeString(golden, report.render().replace("| 1 |", "| 2 |"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = report.run(new String[] {"--check", golden.toString()}, discard(), print(err));

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("scenario report differs from " + golden
                        + ":\nline 11:\n  expected: | 2 |\n  actual:   | 1 |\nIf the change is intended, regenerate it with"
                        + " --output " + golden + " and review the diff.\n");
    }

    @Test
    void checkExitsZeroWhenTheReportMatches(@TempDir Path dir) throws Exception {
        ScenarioReport report = new ScenarioReport(List.of(fixed("## A\n")));
        Path golden = dir.resolve("golden.md");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(report.run(new String[] {"--output", golden.toString()}, discard(), discard()))
                .isZero();

        int exit = report.run(new String[] {"--check", golden.toString()}, print(out), discard());

        assertThat(exit).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo(ScenarioReport.TITLE + "\n## A\n\nscenario report matches " + golden + "\n");
    }

    @Test
    void checkOfAMissingGoldenFileSaysHowToCreateIt(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path missing = dir.resolve("missing.md");

        int exit = ScenarioReport.reference().run(new String[] {"--check", missing.toString()}, discard(), print(err));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "--check: golden file " + missing.toAbsolutePath() + " does not exist. Create it with --output "
                                + missing + " and review it before checking it in.\n");
    }

    @Test
    void unknownArgumentsPrintUsage() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = ScenarioReport.reference().run(new String[] {"--frobnicate"}, discard(), print(err));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("usage: ScenarioReport [--output FILE | --check GOLDEN_FILE]\n");
    }

    private static PrintStream print(ByteArrayOutputStream sink) {
        return new PrintStream(sink, true, StandardCharsets.UTF_8);
    }

    private static PrintStream discard() {
        return print(new ByteArrayOutputStream());
    }

    private static ScenarioSection fixed(String markdown) {
        return workDirectory -> {
            assertThat(workDirectory).isEmptyDirectory();
            return markdown;
        };
    }
}
