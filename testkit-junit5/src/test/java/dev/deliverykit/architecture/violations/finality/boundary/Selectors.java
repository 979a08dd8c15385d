package dev.deliverykit.architecture.violations.finality.boundary;

/** Interfaces, enums, records and package-private classes are not asked to be final (no violation). */
public interface Selectors {
    enum Kind {
        STATEMENT,
        COMMIT
    }

    record Spec(String text) {}
}

class PackagePrivatePlan {}
