package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What kind of broken promise a {@link Violation} is, in the words of {@code docs/protocols.md} section 4.
 * The declaration order is the order in which reports list them.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ViolationKind {

    /** An intent key with no effect ({@code N = 0}): the intent was lost. */
    LOST_INTENT("lost intent", "key", "keys"),

    /** A key with two or more effects ({@code N >= 2}). */
    DUPLICATE_EFFECT("duplicate effect", "key", "keys"),

    /** A flow whose applied records are not its sequence {@code 1..k}, each once, in sequence order. */
    NOT_CONTIGUOUS_PREFIX("not a contiguous prefix", "flow", "flows"),

    /** Committed state whose outbox row is missing: an event that will never be sent. */
    STATE_WITHOUT_OUTBOX("state without its outbox row", "key", "keys"),

    /** An outbox row whose state is missing: an event about a change that never committed. */
    OUTBOX_WITHOUT_STATE("outbox row without its state", "key", "keys"),

    /** A key executed again after its dedup record was cleaned up. */
    RESURRECTED_EFFECT("effect resurrected after cleanup", "key", "keys"),

    /** A record counted as accepted although the receiver stored a different body: a conflict taken as success. */
    CONFLICT_ACCEPTED("conflict counted as success", "key", "keys"),

    /** A record counted as accepted although the receiver stored nothing for its key. */
    ACCEPTED_NOT_STORED("accepted but not stored", "key", "keys"),

    /** A row returned by a query that must return none ({@link Invariants#noRows}). */
    UNEXPECTED_ROW("unexpected row", "row", "rows");

    private final String label;
    private final String subjectSingular;
    private final String subjectPlural;

    ViolationKind(String label, String subjectSingular, String subjectPlural) {
        this.label = label;
        this.subjectSingular = subjectSingular;
        this.subjectPlural = subjectPlural;
    }

    /** The words reports use, for example {@code lost intent}. */
    public String label() {
        return label;
    }

    /** {@code "1 key"}, {@code "2 flows"}: how many subjects of this kind, in words. */
    public String countSubjects(long count) {
        return count + " " + (count == 1 ? subjectSingular : subjectPlural);
    }
}
