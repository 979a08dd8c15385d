package com.example.orders.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The snippet reader that {@link DocSnippetsTest} relies on: what it extracts, and that it notices drift. */
class SnippetTest {

    @TempDir
    Path root;

    @BeforeEach
    void writeSource() throws IOException {
        Files.createDirectories(root.resolve("src"));
        Files.writeString(
                root.resolve("src/A.java"),
                String.join(
                        "\n",
                        "class A {",
                        "    // tag::outer[]",
                        "    void a() {",
                        "        // tag::inner[]",
                        "        call();",
                        "",
                        "        // end::inner[]",
                        "    }",
                        "    // end::outer[]",
                        "}",
                        ""));
    }

    @Test
    void readsTheTaggedRegionWithoutNestedTagLinesAndCommonIndentation() throws IOException {
        Path page = page("<!-- snippet: src/A.java#outer -->", "```java", "void a() {", "    call();", "", "}", "```");

        List<Snippet> snippets = Snippet.in(page);

        assertThat(snippets).singleElement().satisfies(s -> {
            assertThat(s.language()).isEqualTo("java");
            assertThat(s.source()).isEqualTo("src/A.java#outer");
            assertThat(s.line()).isEqualTo(2);
            assertThat(s.expected(root)).isEqualTo("void a() {\n    call();\n\n}");
            assertThat(s.text()).isEqualTo(s.expected(root));
        });
    }

    @Test
    void anIndentedBlockInAListItemLosesTheFencesIndentation() throws IOException {
        Path page =
                page("1. Step:", "", "   <!-- snippet: src/A.java#inner -->", "   ```java", "   call();", "", "   ```");

        assertThat(Snippet.in(page)).singleElement().satisfies(s -> {
            assertThat(s.source()).isEqualTo("src/A.java#inner");
            assertThat(s.text()).isEqualTo("call();\n").isEqualTo(s.expected(root));
        });
    }

    @Test
    void aChangedPageNoLongerEqualsItsRegion() throws IOException {
        Path page = page("<!-- snippet: src/A.java#inner -->", "```java", "call(42);", "```");

        Snippet snippet = Snippet.in(page).get(0);

        assertThat(snippet.expected(root)).isEqualTo("call();\n");
        assertThat(snippet.text()).isNotEqualTo(snippet.expected(root));
    }

    @Test
    void blocksWithoutACommentHaveNoSourceAndNotCompiledOnesSayDash() throws IOException {
        Path page = page(
                "```java",
                "x();",
                "```",
                "<!-- not compiled: a fragment -->",
                "```java",
                "y();",
                "```",
                "```text",
                "z",
                "```");

        assertThat(Snippet.in(page))
                .extracting(Snippet::language, Snippet::source)
                .containsExactly(Tuple.tuple("java", null), Tuple.tuple("java", "-"), Tuple.tuple("text", null));
    }

    @Test
    void aMissingRegionOrFileIsNamed() throws IOException {
        Path page = page(
                "<!-- snippet: src/A.java#nope -->",
                "```java",
                "```",
                "<!-- snippet: src/B.java#x -->",
                "```java",
                "```");
        List<Snippet> snippets = Snippet.in(page);

        assertThatThrownBy(() -> snippets.get(0).expected(root))
                .hasMessage("page.md:2 names the region 'nope' of " + root.resolve("src/A.java")
                        + ", which has no '// tag::nope[]' ... '// end::nope[]' pair");
        assertThatThrownBy(() -> snippets.get(1).expected(root))
                .hasMessage("page.md:5 names " + root.resolve("src/B.java") + ", which does not exist");
    }

    private Path page(String... lines) throws IOException {
        return Files.writeString(root.resolve("page.md"), String.join("\n", lines) + "\n");
    }
}
