package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.execution.TemplateKind;

/**
 * The extension behind {@link CrashAt} and {@link CrashAts}: one invocation per listed boundary and hit, all
 * checked before the first runs. Stateless, as every {@link KitTemplateExtension}: the cases live in the template's
 * store.
 */
final class CrashAtExtension implements KitTemplateExtension {

    private static final TemplateKind KIND = new TemplateKind(CrashAt.class, CrashScenario.class);

    @Override
    public TemplateKind kind() {
        return KIND;
    }
}
