package dev.deliverykit.junit5;

import dev.deliverykit.order.DeliveryOrder;
import dev.deliverykit.order.EntryPoint;
import dev.deliverykit.order.OrderedDelivery;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The cases of a {@link DeliverInOrder} test: one per order, all checked before any runs. */
final class OrderCases {

    private OrderCases() {
    }

    /**
     * Every order, explicit ones first, then the permutations.
     *
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException on any element that cannot work
     */
    static List<CrashCase> of(Method method, DeliverInOrder annotation) {
        EntryPoint entryPoint;
        String element = "@DeliverInOrder(entryPoint = " + ConfigurationErrors.literal(annotation.entryPoint()) + ")";
        try {
            entryPoint = EntryPoint.method(annotation.entryPoint()).messageArgument(annotation.messageArgument());
            if (!annotation.messageId().isEmpty()) {
                entryPoint = entryPoint.messageIdFrom(annotation.messageId());
            }
        } catch (IllegalArgumentException e) {
            throw ConfigurationErrors.of(element, method, e.getMessage(), "name the consumer method as"
                    + " com.acme.Consumer#receive(com.acme.Event), and a public accessor or field as messageId");
        }
        MethodSelectors.problem("method-entry:" + annotation.entryPoint(), method.getDeclaringClass().getClassLoader())
                .ifPresent(problem -> {
                    throw ConfigurationErrors.of(element, method, problem, "correct the class, method or parameter"
                            + " types");
                });
        if (annotation.orders().length == 0 && annotation.permutationsOf().length == 0) {
            throw ConfigurationErrors.of("@DeliverInOrder", method, "it names no order", "give orders = \"A3,A1,A2,A3\""
                    + " or permutationsOf = {\"A1\", \"A2\", \"A3\"}");
        }
        OrderedDelivery delivery = OrderedDelivery.at(entryPoint).mode(annotation.mode());
        Map<DeliveryOrder, CrashCase> cases = new LinkedHashMap<>();
        for (String text : annotation.orders()) {
            DeliveryOrder order;
            try {
                order = DeliveryOrder.parse(text);
            } catch (IllegalArgumentException e) {
                throw ConfigurationErrors.of("@DeliverInOrder(orders = " + ConfigurationErrors.literal(text) + ")", method,
                        e.getMessage(), "write message ids separated by commas, for example \"A3,A1,A2,A3\"");
            }
            if (cases.put(order, new CrashCase.DeliverOrder(delivery, order)) != null) {
                throw ConfigurationErrors.of("@DeliverInOrder(orders = " + ConfigurationErrors.literal(text) + ")", method,
                        "the order " + order + " is listed twice", "list every order once");
            }
        }
        if (annotation.permutationsOf().length > 0) {
            List<DeliveryOrder> permutations;
            try {
                permutations = DeliveryOrder.permutationsOf(annotation.permutationsOf());
            } catch (IllegalArgumentException e) {
                throw ConfigurationErrors.of("@DeliverInOrder(permutationsOf = "
                        + ConfigurationErrors.literal(annotation.permutationsOf()) + ")", method, e.getMessage(),
                        "give at most " + DeliveryOrder.MAX_PERMUTED_IDS + " distinct ids, or list orders explicitly");
            }
            for (DeliveryOrder order : permutations) {
                cases.putIfAbsent(order, new CrashCase.DeliverOrder(delivery, order));
            }
        }
        return List.copyOf(cases.values());
    }
}
