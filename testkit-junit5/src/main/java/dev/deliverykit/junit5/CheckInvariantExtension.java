package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The extension behind {@link CheckInvariant}, registered on a test class through its fields: refuses
 * {@code @CheckInvariant} fields in a class without a kit test, since nothing would check them. The invariants
 * themselves are read and checked by every kit invocation ({@code InvariantFields}, {@code CaseFailures}).
 */
final class CheckInvariantExtension implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        DeclaredInvariants.requireKitTestFor(context.getRequiredTestClass());
    }
}
