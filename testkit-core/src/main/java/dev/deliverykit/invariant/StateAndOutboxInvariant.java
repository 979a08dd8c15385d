package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Both directions of the transactional outbox promise: no committed state without its outbox row, and no
 * outbox row without its state. Each side is a set of keys; a key on one side only is a violation.
 */
final class StateAndOutboxInvariant implements Invariant {

    private final String name;
    private final QuerySpec state;
    private final QuerySpec outbox;

    StateAndOutboxInvariant(String name, QuerySpec state, QuerySpec outbox) {
        this.name = name;
        this.state = state;
        this.outbox = outbox;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "every state key of " + state.describe() + " has its outbox row in " + outbox.describe()
                + ", and every outbox key has its state";
    }

    @Override
    public InvariantResult check() {
        ResultRows stateRows;
        ResultRows outboxRows;
        try (ReadSession session = new ReadSession(name)) {
            stateRows = session.read(state);
            outboxRows = session.read(outbox);
        }
        if (stateRows.labels().size() != outboxRows.labels().size()) {
            throw InvariantDefinitionException.keyWidthsDiffer(
                    name, "state", stateRows.labels(), "outbox", outboxRows.labels());
        }
        Set<Key> stateKeys = new LinkedHashSet<>(Key.all(stateRows));
        Set<Key> outboxKeys = new LinkedHashSet<>(Key.all(outboxRows));
        List<Violation> violations = new ArrayList<>();
        stateKeys.stream()
                .filter(key -> !outboxKeys.contains(key))
                .forEach(key -> violations.add(new Violation(
                        ViolationKind.STATE_WITHOUT_OUTBOX, key.text(), "state, no outbox row", "its outbox row")));
        outboxKeys.stream()
                .filter(key -> !stateKeys.contains(key))
                .forEach(key -> violations.add(new Violation(
                        ViolationKind.OUTBOX_WITHOUT_STATE, key.text(), "an outbox row, no state", "its state")));
        String checked = ReportFormat.count(stateKeys.size(), "state key", "state keys") + ", "
                + ReportFormat.count(outboxKeys.size(), "outbox key", "outbox keys");
        return new InvariantResult(
                name, description(), checked, violations, Evidence.ofRows(stateKeys.size() + outboxKeys.size()));
    }

    @Override
    public String toString() {
        return name + ": " + description();
    }
}
