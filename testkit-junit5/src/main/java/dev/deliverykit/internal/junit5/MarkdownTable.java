package dev.deliverykit.internal.junit5;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table for the report summary: header, separator, one line per row; {@code |} escaped and line
 * breaks flattened in cells. (A private copy, so the report does not depend on the reference scenarios.)
 */
final class MarkdownTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    MarkdownTable(String... header) {
        this.header = List.of(header);
    }

    MarkdownTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, the table " + header.size());
        }
        List<String> row = new ArrayList<>();
        for (Object cell : cells) {
            row.add(String.valueOf(cell).replace("|", "\\|").replace("\n", " "));
        }
        rows.add(row);
        return this;
    }

    String render() {
        StringBuilder out = new StringBuilder();
        line(out, header);
        List<String> separator = new ArrayList<>();
        header.forEach(column -> separator.add("---"));
        line(out, separator);
        rows.forEach(row -> line(out, row));
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells) {
        out.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
