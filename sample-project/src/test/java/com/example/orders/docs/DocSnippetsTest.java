package com.example.orders.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation cannot drift from the code: every code block of {@code README.md} and {@code docs/*.md}
 * that names its source ({@code <!-- snippet: path#tag -->} on the line above the fence) is identical to
 * that tagged region of a file that compiles and whose tests run in this build. Every {@code java} block of
 * those pages must name a source, or say why it does not ({@code <!-- not compiled: reason -->}).
 *
 * <p>{@code docs/protocols.md} and {@code docs/reference-scenarios.md} are the contract and a generated report,
 * checked by testkit-core's own tests; they are left out.
 */
class DocSnippetsTest {

    private static final List<String> NOT_CHECKED = List.of("protocols.md", "reference-scenarios.md");

    @Test
    void everyMarkedCodeBlockIsItsSourceRegionVerbatim() {
        Path root = repositoryRoot();
        List<Snippet> marked = snippets(root).stream()
                .filter(s -> s.source() != null && !s.source().equals("-"))
                .toList();
        List<String> drifted = new ArrayList<>();
        for (Snippet snippet : marked) {
            String expected = snippet.expected(root);
            if (!snippet.text().equals(expected)) {
                drifted.add(snippet.where() + " differs from " + snippet.source() + ". Copy the region into the page."
                        + "\n--- the region:\n" + expected + "\n--- the page:\n" + snippet.text());
            }
        }

        assertThat(marked).as("code blocks that name their source").hasSizeGreaterThan(10);
        assertThat(drifted).as("code blocks that differ from their source").isEmpty();
    }

    @Test
    void everyJavaBlockNamesItsSourceOrSaysWhyNot() {
        List<String> unmarked = snippets(repositoryRoot()).stream()
                .filter(s -> s.language().equals("java") && s.source() == null)
                .map(s -> s.where() + ": add <!-- snippet: path#tag --> above the fence (and tag the region in a"
                        + " compiled test), or <!-- not compiled: reason -->")
                .toList();

        assertThat(unmarked).isEmpty();
    }

    private static List<Snippet> snippets(Path root) {
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")
                            && !NOT_CHECKED.contains(p.getFileName().toString()))
                    .sorted()
                    .forEach(pages::add);
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + root.resolve("docs"), e);
        }
        return pages.stream().flatMap(page -> Snippet.in(page).stream()).toList();
    }

    /** The directory holding README.md and docs/: the parent of this module (Maven runs tests in the module). */
    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null
                && !(Files.isRegularFile(dir.resolve("README.md"))
                        && Files.isDirectory(dir.resolve("docs"))
                        && Files.isDirectory(dir.resolve("sample-project")))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no repository root (README.md, docs/, sample-project/) above "
                    + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
