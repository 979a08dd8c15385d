package dev.deliverykit.architecture.violations.classifiers.internal.instrument;

/** Compliant: the table of known libraries compares prefixes, but neither walks a stack nor transforms classes. */
public final class Table {

    private Table() {}

    public static boolean isPool(String className) {
        return className.startsWith("com.zaxxer.hikari.");
    }
}
