package dev.deliverykit.internal.markdown;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A Markdown table in the layout of {@code docs/protocols.md}: a header row, a separator, one line per
 * row, cells separated by {@code " | "}.
 *
 * <pre>{@code
 * MarkdownTable table = new MarkdownTable("arrival", "applied this call", "stop reason");
 * table.row("only #3", 0, "gap");
 * String markdown = table.render();
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class MarkdownTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table with these column headings. */
    public MarkdownTable(String... header) {
        if (header.length == 0) {
            throw new IllegalArgumentException(TableMessages.noColumns());
        }
        this.header = List.of(header);
    }

    /** Adds a row; every cell is written with {@link String#valueOf(Object)}. */
    public MarkdownTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(TableMessages.rowWidth(cells.length, header));
        }
        List<String> row = new ArrayList<>(cells.length);
        for (Object cell : cells) {
            row.add(escape(String.valueOf(cell)));
        }
        rows.add(row);
        return this;
    }

    /** The table as Markdown, ending with a line break. */
    public String render() {
        StringBuilder out = new StringBuilder();
        line(out, header);
        List<String> separator = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            separator.add("---");
        }
        line(out, separator);
        for (List<String> row : rows) {
            line(out, row);
        }
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells) {
        out.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }

    private static String escape(String cell) {
        return Objects.requireNonNull(cell).replace("|", "\\|").replace("\n", " ");
    }
}
