package dev.deliverykit.architecture.violations.signatures.boundary;

import dev.deliverykit.architecture.violations.signatures.internal.text.Wording;

/** A package-private class: its public members are not reachable, so they are no API (not a violation). */
class Unreachable {
    public static final class Nested {
        public Wording wording;
    }
}
