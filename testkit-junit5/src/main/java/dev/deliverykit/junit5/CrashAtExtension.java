package dev.deliverykit.junit5;

/**
 * The extension behind {@link CrashAt} and {@link CrashAts}: one invocation per listed boundary and hit, all
 * checked before the first runs. Stateless, as every {@link KitTemplateExtension}: the plan lives in the template's
 * store.
 */
final class CrashAtExtension implements KitTemplateExtension {

    @Override
    public Class<CrashAt> feature() {
        return CrashAt.class;
    }
}
