package dev.deliverykit.architecture.violations.extensions.junit5;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Package-private, final, and its only field a constant (not a violation). */
final class CrashSweepExtension implements BeforeEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(CrashSweepExtension.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NAMESPACE).put("run", Boolean.TRUE);
    }
}
