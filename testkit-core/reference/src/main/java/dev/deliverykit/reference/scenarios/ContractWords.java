package dev.deliverykit.reference.scenarios;

import java.util.Locale;

/** The contract's lower-case words for outcomes, as {@code docs/protocols.md} writes them. */
final class ContractWords {

    private ContractWords() {}

    /** The contract's word for an outcome, e.g. {@code ID_CONFLICT} is {@code id_conflict}. */
    static String of(Enum<?> outcome) {
        return outcome.name().toLowerCase(Locale.ROOT);
    }
}
