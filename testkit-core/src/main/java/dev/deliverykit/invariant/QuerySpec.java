package dev.deliverykit.invariant;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What one side of an invariant reads: a query the user wrote, columns of a table it named, or the records of a
 * broker.
 */
sealed interface QuerySpec permits QuerySpec.JdbcQuery, QuerySpec.RecordQuery {

    /** Its part in the invariant, used in messages: {@code intents}, {@code effects}, {@code state} ... */
    String role();

    /** How descriptions write it, for example {@code effect.intent_id on warehouse.db}. */
    String describe();

    /** A side read through JDBC. */
    sealed interface JdbcQuery extends QuerySpec permits RawQuery, TableQuery {

        /** The database it reads. */
        JdbcSource source();

        /** The SQL to run on a connection that quotes identifiers with {@code quoting}. */
        String sql(IdentifierQuoting quoting);
    }

    static RawQuery raw(String invariant, String role, JdbcSource source, String sql) {
        Objects.requireNonNull(source, "source of the " + role);
        Objects.requireNonNull(sql, role + " query");
        if (sql.isBlank()) {
            throw InvariantDefinitionException.blankQuery(invariant, role);
        }
        return new RawQuery(source, role, sql.strip());
    }

    static RecordQuery records(String role, RecordSource source) {
        Objects.requireNonNull(source, "source of the " + role);
        return new RecordQuery(source, role);
    }

    /**
     * Columns of a table, all of them ({@code SELECT *}) if {@code columns} is empty, ordered by
     * {@code orderBy} if it is not empty; every name is validated now.
     */
    static TableQuery table(
            String invariant,
            String role,
            JdbcSource source,
            String table,
            List<String> columns,
            List<String> orderBy,
            String queryAlternative) {
        Objects.requireNonNull(source, "source of the " + role);
        SqlIdentifiers.requireTable(invariant, role + " table name", table, queryAlternative);
        columns.forEach(c -> SqlIdentifiers.requireColumn(invariant, role + " column name", c, queryAlternative));
        orderBy.forEach(c -> SqlIdentifiers.requireColumn(invariant, role + " column name", c, queryAlternative));
        return new TableQuery(source, role, table, List.copyOf(columns), List.copyOf(orderBy));
    }

    /** A query run exactly as written. */
    record RawQuery(JdbcSource source, String role, String sql) implements JdbcQuery {

        @Override
        public String sql(IdentifierQuoting quoting) {
            return sql;
        }

        @Override
        public String describe() {
            return "(" + sql + ") on " + source.name();
        }
    }

    /** {@code SELECT <columns> FROM <table> [ORDER BY ...]} with quoted, validated names. */
    record TableQuery(JdbcSource source, String role, String table, List<String> columns, List<String> orderBy)
            implements JdbcQuery {

        @Override
        public String sql(IdentifierQuoting quoting) {
            String selected = columns.isEmpty()
                    ? "*"
                    : columns.stream().map(quoting::quoted).collect(Collectors.joining(", "));
            String order = orderBy.isEmpty()
                    ? ""
                    : " ORDER BY " + orderBy.stream().map(quoting::quoted).collect(Collectors.joining(", "));
            return "SELECT " + selected + " FROM " + quoting.quoted(table) + order;
        }

        @Override
        public String describe() {
            String what = switch (columns.size()) {
                case 0 -> table;
                case 1 -> table + "." + columns.get(0);
                default -> table + "(" + String.join(", ", columns) + ")";
            };
            return what + " on " + source.name();
        }
    }

    /** Every record a broker holds, read by a {@link RecordSource}. */
    record RecordQuery(RecordSource source, String role) implements QuerySpec {

        @Override
        public String describe() {
            return source.name();
        }
    }
}
