package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.execution.TemplateKind;

/**
 * The extension behind {@link DeliverInOrder}: one invocation per delivery order, all checked before the first
 * runs. Stateless, as every {@link KitTemplateExtension}: the cases live in the template's store.
 */
final class DeliverInOrderExtension implements KitTemplateExtension {

    private static final TemplateKind KIND = new TemplateKind(DeliverInOrder.class, DeliveryScenario.class);

    @Override
    public TemplateKind kind() {
        return KIND;
    }
}
