package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Runs every named reference scenario on fresh temporary databases and prints the outcomes as the
 * Markdown tables of {@code docs/protocols.md}.
 *
 * <pre>
 * ScenarioReport                    print the report
 * ScenarioReport --output FILE      write it to FILE
 * ScenarioReport --check GOLDEN     compare it with GOLDEN; exit 1 and show the first difference if they differ
 * </pre>
 *
 * The output is deterministic (no temporary paths, process ids or timings), which is what makes the
 * golden comparison meaningful.
 *
 * <p>The crash tables are real process exits, as the contract asks: each row is a child JVM (started with
 * this JVM's {@code java.class.path}) that the boundary engine halts at its boundary with exit code 73, which
 * the table shows as read from the child; recovery runs in this JVM. Up to one child per core runs at a time.
 * The same crashes are then made in this JVM too (in process), and each table says whether they gave the same
 * rows. For those, a JVM started without {@code -javaagent:<testkit-core jar>} gets the engine's agent by
 * self-attach on first use (this is what happens under {@code exec:java}, in Maven's own JVM, whose
 * {@code java.class.path} the module's pom sets to the module's runtime class path for the children; JDK 21+
 * prints one warning).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ScenarioReport {

    static final String TITLE = "# DeliveryKit reference scenarios\n\n"
            + "Every named scenario of `docs/protocols.md`, run on fresh SQLite files by\n"
            + "`dev.deliverykit.reference.scenarios.ScenarioReport`. Generated; do not edit by hand\n"
            + "(regenerate with `--output`, compare with `--check`).\n";

    private final List<ScenarioSection> sections;

    /** A report over these sections, rendered in this order. */
    public ScenarioReport(List<ScenarioSection> sections) {
        this.sections = List.copyOf(sections);
    }

    /** The report over every reference scenario section. */
    public static ScenarioReport reference() {
        return new ScenarioReport(ReferenceSections.all());
    }

    /** Runs every section, each in its own fresh temporary directory, and returns the Markdown. */
    public String render() throws Exception {
        StringBuilder out = new StringBuilder(TITLE);
        for (ScenarioSection section : sections) {
            out.append('\n').append(render(section));
        }
        return out.toString();
    }

    /** Runs one section in a fresh temporary directory, removed afterwards, and returns its Markdown. */
    static String render(ScenarioSection section) throws Exception {
        Path directory = Files.createTempDirectory("deliverykit-scenarios-");
        try {
            return section.render(directory);
        } finally {
            deleteRecursively(directory);
        }
    }

    /** Command-line entry point; see the class documentation. */
    public static void main(String[] args) throws Exception {
        int exitCode = reference().run(args, System.out, System.err);
        if (exitCode != 0) {
            // Only a failure ends the JVM explicitly, so that exec:java can finish normally on success.
            System.exit(exitCode);
        }
    }

    int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length == 0) {
            out.print(render());
            return 0;
        }
        if (args.length == 2 && args[0].equals("--output")) {
            Path file = Path.of(args[1]);
            Files.writeString(file, render(), StandardCharsets.UTF_8);
            out.println("wrote " + file);
            return 0;
        }
        if (args.length == 2 && args[0].equals("--check")) {
            Path golden = Path.of(args[1]);
            if (!Files.isRegularFile(golden)) {
                err.println("--check: golden file " + golden.toAbsolutePath() + " does not exist. Create it with"
                        + " --output " + golden + " and review it before checking it in.");
                return 2;
            }
            String actual = render();
            String expected = Files.readString(golden, StandardCharsets.UTF_8);
            String difference = firstDifference(expected, actual);
            if (difference == null) {
                out.print(actual);
                out.println();
                out.println("scenario report matches " + golden);
                return 0;
            }
            err.println("scenario report differs from " + golden + ":\n" + difference
                    + "\nIf the change is intended, regenerate it with --output " + golden + " and review the diff.");
            return 1;
        }
        err.println("usage: ScenarioReport [--output FILE | --check GOLDEN_FILE]");
        return 2;
    }

    /** The first differing line of two texts, described for a person, or {@code null} if they are equal. */
    static String firstDifference(String expected, String actual) {
        if (expected.equals(actual)) {
            return null;
        }
        List<String> expectedLines = expected.lines().toList();
        List<String> actualLines = actual.lines().toList();
        int lines = Math.max(expectedLines.size(), actualLines.size());
        for (int i = 0; i < lines; i++) {
            String want = i < expectedLines.size() ? expectedLines.get(i) : "(end of file)";
            String got = i < actualLines.size() ? actualLines.get(i) : "(end of output)";
            if (!want.equals(got)) {
                return "line " + (i + 1) + ":\n  expected: " + want + "\n  actual:   " + got;
            }
        }
        return "the texts differ only in line endings or a final line break";
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the scenario directory " + directory, e);
        }
    }
}
