package dev.deliverykit.internal.markdown;

import java.util.List;

/** The messages of a Markdown table built wrong by the kit's own code: its shape, never its contents. */
final class TableMessages {

    private TableMessages() {}

    /** A table of no columns. */
    static String noColumns() {
        return "a table needs at least one column";
    }

    /** A row of {@code cells} cells in a table of the columns {@code header}. */
    static String rowWidth(int cells, List<String> header) {
        return "row has " + cells + " cells but the table has " + header.size() + " columns " + header;
    }
}
