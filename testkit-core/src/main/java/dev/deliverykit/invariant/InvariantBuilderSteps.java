package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The builder steps behind {@link Invariants}; each validates what it is given at once. */
final class InvariantBuilderSteps {

    private InvariantBuilderSteps() {}

    static List<String> columns(String first, String... more) {
        Objects.requireNonNull(more, "more key columns");
        List<String> columns = new ArrayList<>(1 + more.length);
        columns.add(first);
        columns.addAll(List.of(more));
        return columns;
    }

    record Intents(String name, KeyedEffectsInvariant.Promise promise) implements Invariants.IntentsStep {

        @Override
        public Invariants.EffectsStep intentsFrom(JdbcSource source, String keyQuery) {
            return new Effects(name, promise, QuerySpec.raw(name, "intents", source, keyQuery));
        }

        @Override
        public Invariants.EffectsStep intentsFrom(RecordSource source) {
            return new Effects(name, promise, QuerySpec.records("intents", source));
        }

        @Override
        public Invariants.EffectsStep intentsIn(
                JdbcSource source, String table, String keyColumn, String... moreKeyColumns) {
            return new Effects(
                    name,
                    promise,
                    QuerySpec.table(
                            name,
                            "intents",
                            source,
                            table,
                            columns(keyColumn, moreKeyColumns),
                            List.of(),
                            "intentsFrom(source, sql)"));
        }
    }

    /** {@code intents} is null for the safety-only promise, which has none. */
    record Effects(String name, KeyedEffectsInvariant.Promise promise, QuerySpec intents)
            implements Invariants.EffectsStep {

        @Override
        public Invariant effectsFrom(JdbcSource source, String keyQuery) {
            return invariant(QuerySpec.raw(name, "effects", source, keyQuery));
        }

        @Override
        public Invariant effectsFrom(RecordSource source) {
            return invariant(QuerySpec.records("effects", source));
        }

        @Override
        public Invariant effectsIn(JdbcSource source, String table, String keyColumn, String... moreKeyColumns) {
            return invariant(QuerySpec.table(
                    name,
                    "effects",
                    source,
                    table,
                    columns(keyColumn, moreKeyColumns),
                    List.of(),
                    "effectsFrom(source, sql)"));
        }

        private Invariant invariant(QuerySpec effects) {
            return new KeyedEffectsInvariant(name, promise, Optional.ofNullable(intents), effects);
        }
    }

    record State(String name) implements Invariants.StateStep {

        @Override
        public Invariants.OutboxStep stateFrom(JdbcSource source, String keyQuery) {
            return new Outbox(name, QuerySpec.raw(name, "state", source, keyQuery));
        }

        @Override
        public Invariants.OutboxStep stateFrom(RecordSource source) {
            return new Outbox(name, QuerySpec.records("state", source));
        }

        @Override
        public Invariants.OutboxStep stateIn(
                JdbcSource source, String table, String keyColumn, String... moreKeyColumns) {
            return new Outbox(
                    name,
                    QuerySpec.table(
                            name,
                            "state",
                            source,
                            table,
                            columns(keyColumn, moreKeyColumns),
                            List.of(),
                            "stateFrom(source, sql)"));
        }
    }

    record Outbox(String name, QuerySpec state) implements Invariants.OutboxStep {

        @Override
        public Invariant outboxFrom(JdbcSource source, String keyQuery) {
            return new StateAndOutboxInvariant(name, state, QuerySpec.raw(name, "outbox", source, keyQuery));
        }

        @Override
        public Invariant outboxFrom(RecordSource source) {
            return new StateAndOutboxInvariant(name, state, QuerySpec.records("outbox", source));
        }

        @Override
        public Invariant outboxIn(JdbcSource source, String table, String keyColumn, String... moreKeyColumns) {
            return new StateAndOutboxInvariant(
                    name,
                    state,
                    QuerySpec.table(
                            name,
                            "outbox",
                            source,
                            table,
                            columns(keyColumn, moreKeyColumns),
                            List.of(),
                            "outboxFrom(source, sql)"));
        }
    }

    record Applied(String name) implements Invariants.AppliedStep {

        private static final String ALTERNATIVE = "appliedFrom(source, sql)";

        @Override
        public Invariant appliedFrom(JdbcSource source, String query) {
            return new ContiguousPrefixInvariant(
                    name,
                    QuerySpec.raw(name, "applied records", source, query),
                    "flow, then sequence number, in application order");
        }

        @Override
        public Invariant appliedFrom(RecordSource source) {
            return new ContiguousPrefixInvariant(
                    name,
                    QuerySpec.records("applied records", source),
                    "flow, then sequence number, in the source's order");
        }

        @Override
        public Invariants.FlowColumnStep appliedIn(JdbcSource source, String table) {
            Objects.requireNonNull(source, "source of the applied records");
            SqlIdentifiers.requireTable(name, "applied records table name", table, ALTERNATIVE);
            return flow -> {
                SqlIdentifiers.requireColumn(name, "flow column name", flow, ALTERNATIVE);
                return seq -> {
                    SqlIdentifiers.requireColumn(name, "sequence column name", seq, ALTERNATIVE);
                    return order -> {
                        SqlIdentifiers.requireColumn(name, "application order column name", order, ALTERNATIVE);
                        // Ties in the order column are broken by flow and sequence, so the result is stable.
                        QuerySpec applied = QuerySpec.table(
                                name,
                                "applied records",
                                source,
                                table,
                                List.of(flow, seq),
                                List.of(order, flow, seq),
                                ALTERNATIVE);
                        return new ContiguousPrefixInvariant(
                                name, applied, "flow " + flow + ", sequence " + seq + ", applied in order of " + order);
                    };
                };
            };
        }
    }

    record Resurrection(String name) implements Invariants.ResurrectionStep {

        @Override
        public Invariants.KeyColumnsStep effectsFrom(JdbcSource source, String query) {
            QuerySpec effects = QuerySpec.raw(name, "effects", source, query);
            return (keyColumn, more) -> new ResurrectionInvariant(
                    name,
                    effects,
                    keyColumns(keyColumn, more, "effectsFrom(source, sql) with the key under a plain column alias"));
        }

        @Override
        public Invariants.KeyColumnsStep effectsIn(JdbcSource source, String table) {
            QuerySpec effects =
                    QuerySpec.table(name, "effects", source, table, List.of(), List.of(), "effectsFrom(source, sql)");
            return (keyColumn, more) ->
                    new ResurrectionInvariant(name, effects, keyColumns(keyColumn, more, "effectsFrom(source, sql)"));
        }

        private List<String> keyColumns(String keyColumn, String[] more, String alternative) {
            List<String> keyColumns = columns(keyColumn, more);
            keyColumns.forEach(c -> SqlIdentifiers.requireColumn(name, "key column name", c, alternative));
            return keyColumns;
        }
    }
}
