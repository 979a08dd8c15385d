package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.execution.TemplateKind;

/**
 * The extension behind {@link CrashSweep}: a crash-free recording invocation, then one crash invocation per
 * boundary hit it recorded (or only the replayed case). Stateless, as every {@link KitTemplateExtension}: the
 * cases live in the template's store.
 */
final class CrashSweepExtension implements KitTemplateExtension {

    private static final TemplateKind KIND = new TemplateKind(CrashSweep.class, CrashScenario.class);

    @Override
    public TemplateKind kind() {
        return KIND;
    }
}
