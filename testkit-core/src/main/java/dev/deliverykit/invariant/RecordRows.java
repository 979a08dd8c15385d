package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a {@link RecordSource} read: the names of its columns and one row per record, each value as text
 * ({@code null} for a value the record does not have, shown as {@code NULL}), in the source's order.
 *
 * <pre>{@code
 * new RecordRows(List.of("key"), List.of(List.of("o-1"), List.of("o-2")));
 * }</pre>
 *
 * @param columns the column names, at least one; a keyed invariant takes every column as part of the key
 * @param rows    one row per record, each with exactly one value per column
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RecordRows(List<String> columns, List<List<String>> rows) {

    /** Checks the shape and keeps unmodifiable copies. */
    public RecordRows {
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(rows, "rows");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException(InvariantErrorMessages.noColumns());
        }
        columns = List.copyOf(columns);
        List<List<String>> copies = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            Objects.requireNonNull(row, "a row is null");
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException(InvariantErrorMessages.rowWidth(copies.size(), row, columns));
            }
            // List.copyOf rejects nulls, and a record may lack a value.
            copies.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copies);
    }
}
