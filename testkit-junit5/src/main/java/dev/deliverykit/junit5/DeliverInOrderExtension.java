package dev.deliverykit.junit5;

/**
 * The extension behind {@link DeliverInOrder}: one invocation per delivery order, all checked before the first
 * runs. Stateless, as every {@link KitTemplateExtension}: the plan lives in the template's store.
 */
final class DeliverInOrderExtension implements KitTemplateExtension {

    @Override
    public Class<DeliverInOrder> feature() {
        return DeliverInOrder.class;
    }
}
