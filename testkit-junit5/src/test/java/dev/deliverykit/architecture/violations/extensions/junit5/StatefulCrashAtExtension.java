package dev.deliverykit.architecture.violations.extensions.junit5;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** VIOLATIONS: an extension that is public, not final, and keeps the count of its runs in a field. */
public class StatefulCrashAtExtension implements BeforeEachCallback {
    private int runs;

    @Override
    public void beforeEach(ExtensionContext context) {
        runs++;
    }
}
