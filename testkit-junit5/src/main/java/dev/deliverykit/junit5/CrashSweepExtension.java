package dev.deliverykit.junit5;

/**
 * The extension behind {@link CrashSweep}: a crash-free recording invocation, then one crash invocation per
 * boundary hit it recorded (or only the replayed case). Stateless, as every {@link KitTemplateExtension}: the plan
 * lives in the template's store.
 */
final class CrashSweepExtension implements KitTemplateExtension {

    @Override
    public Class<CrashSweep> feature() {
        return CrashSweep.class;
    }
}
