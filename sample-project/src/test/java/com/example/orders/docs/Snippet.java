package com.example.orders.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fenced code block of a Markdown page that names where its text comes from, with the comment line right
 * above its opening fence: {@code <!-- snippet: sample-project/src/test/java/.../X.java#tag -->} (the lines
 * between {@code tag::tag[]} and {@code end::tag[]} in that file, without nested tag lines, common indentation
 * removed) or {@code <!-- snippet: path -->} (the whole file). Paths are relative to the repository root.
 *
 * @param page      the Markdown file
 * @param line      the 1-based line of the opening fence
 * @param language  the fence's language, e.g. {@code java}
 * @param source    the snippet comment's target, {@code path#tag} or {@code path}; null if the block has none
 * @param text      the block's text, without the fences
 */
record Snippet(Path page, int line, String language, String source, String text) {

    private static final Pattern MARKER = Pattern.compile("^<!-- snippet: (\\S+) -->$");
    private static final Pattern NOT_COMPILED = Pattern.compile("^<!-- not compiled: .+ -->$");
    private static final String FENCE = "```";

    /**
     * Every fenced block of {@code page}, also indented ones (in list items): their text loses the fence's
     * indentation. A block preceded by a not-compiled comment has source {@code "-"}.
     */
    static List<Snippet> in(Path page) {
        List<String> lines = read(page);
        List<Snippet> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.strip().startsWith(FENCE)) {
                continue;
            }
            String indent = line.substring(0, line.indexOf(FENCE));
            String language = line.strip().substring(FENCE.length()).strip();
            int close = i + 1;
            while (close < lines.size() && !lines.get(close).strip().equals(FENCE)) {
                close++;
            }
            if (close == lines.size()) {
                throw new IllegalStateException(page + ":" + (i + 1) + ": the code block opened here is never closed");
            }
            String above = i == 0 ? "" : lines.get(i - 1).strip();
            Matcher marker = MARKER.matcher(above);
            String source = marker.matches()
                    ? marker.group(1)
                    : NOT_COMPILED.matcher(above).matches() ? "-" : null;
            List<String> text = lines.subList(i + 1, close).stream()
                    .map(l -> l.startsWith(indent) ? l.substring(indent.length()) : l.strip())
                    .toList();
            blocks.add(new Snippet(page, i + 1, language, source, String.join("\n", text)));
            i = close;
        }
        return blocks;
    }

    /** What the block must equal: the tagged region (or the whole file) its comment names. */
    String expected(Path root) {
        int hash = source.indexOf('#');
        Path file = root.resolve(hash < 0 ? source : source.substring(0, hash));
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(where() + " names " + file + ", which does not exist");
        }
        List<String> lines = read(file);
        if (hash < 0) {
            return String.join("\n", lines).stripTrailing();
        }
        String tag = source.substring(hash + 1);
        int start = indexOf(lines, "tag::" + tag + "[]", 0);
        int end = start < 0 ? -1 : indexOf(lines, "end::" + tag + "[]", start + 1);
        if (start < 0 || end < 0) {
            throw new IllegalStateException(where() + " names the region '" + tag + "' of " + file + ", which has no"
                    + " '// tag::" + tag + "[]' ... '// end::" + tag + "[]' pair");
        }
        List<String> region = lines.subList(start + 1, end).stream()
                .filter(l -> !l.contains("tag::") && !l.contains("end::"))
                .toList();
        int indent = region.stream()
                .filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length())
                .min()
                .orElse(0);
        return String.join(
                "\n",
                region.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList());
    }

    /** {@code README.md:42}. */
    String where() {
        return page.getFileName() + ":" + line;
    }

    private static int indexOf(List<String> lines, String text, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
