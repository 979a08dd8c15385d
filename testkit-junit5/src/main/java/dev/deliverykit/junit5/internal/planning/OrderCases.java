package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.order.DeliveryOrder;
import dev.deliverykit.order.EntryPoint;
import dev.deliverykit.order.OrderedDelivery;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/** The cases of a {@link DeliverInOrder} test: one per order, all checked before any runs. */
@API(status = INTERNAL, since = "0.1")
public final class OrderCases {

    private OrderCases() {}

    /**
     * Every order, explicit ones first, then the permutations.
     *
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException on any element that cannot work
     */
    public static List<KitCase> of(Method method, DeliverInOrder annotation) {
        EntryPoint entryPoint;
        String element = "@DeliverInOrder(entryPoint = " + ConfigurationErrors.literal(annotation.entryPoint()) + ")";
        try {
            entryPoint = EntryPoint.method(annotation.entryPoint()).messageArgument(annotation.messageArgument());
            if (!annotation.messageId().isEmpty()) {
                entryPoint = entryPoint.messageIdFrom(annotation.messageId());
            }
        } catch (IllegalArgumentException e) {
            throw ConfigurationErrors.of(
                    element,
                    method,
                    e,
                    "name the consumer method as"
                            + " com.acme.Consumer#receive(com.acme.Event), and a public accessor or field as messageId");
        }
        MethodSelectors.problem(
                        "method-entry:" + annotation.entryPoint(),
                        method.getDeclaringClass().getClassLoader())
                .ifPresent(problem -> {
                    throw ConfigurationErrors.of(
                            element, method, problem, "correct the class, method or parameter" + " types");
                });
        if (annotation.orders().length == 0 && annotation.permutationsOf().length == 0) {
            throw ConfigurationErrors.of(
                    "@DeliverInOrder",
                    method,
                    "it names no order",
                    "give orders = \"A3,A1,A2,A3\"" + " or permutationsOf = {\"A1\", \"A2\", \"A3\"}");
        }
        if (annotation.maxCases() < 1) {
            throw ConfigurationErrors.of(
                    "@DeliverInOrder(maxCases = " + annotation.maxCases() + ")",
                    method,
                    "a cap below 1 allows no order",
                    "leave maxCases out (default " + DeliverInOrder.DEFAULT_MAX_CASES
                            + ") or give a whole number from 1");
        }
        OrderedDelivery delivery = OrderedDelivery.at(entryPoint).mode(annotation.mode());
        if (annotation.messages().length > 0) {
            try {
                delivery = delivery.expectingMessages(annotation.messages());
            } catch (IllegalArgumentException e) {
                throw ConfigurationErrors.of(
                        "@DeliverInOrder(messages = " + ConfigurationErrors.literal(annotation.messages()) + ")",
                        method,
                        e,
                        "list each message the workload sends once");
            }
        }
        Map<DeliveryOrder, KitCase> cases = new LinkedHashMap<>();
        for (String text : annotation.orders()) {
            DeliveryOrder order;
            try {
                order = DeliveryOrder.parse(text);
            } catch (IllegalArgumentException e) {
                throw ConfigurationErrors.of(
                        "@DeliverInOrder(orders = " + ConfigurationErrors.literal(text) + ")",
                        method,
                        e,
                        "write message ids separated by commas, for example \"A3,A1,A2,A3\"");
            }
            if (cases.put(order, new KitCase.DeliverOrder(delivery, order)) != null) {
                throw ConfigurationErrors.of(
                        "@DeliverInOrder(orders = " + ConfigurationErrors.literal(text) + ")",
                        method,
                        "the order " + order + " is listed twice",
                        "list every order once");
            }
        }
        if (annotation.permutationsOf().length > 0) {
            List<DeliveryOrder> permutations;
            try {
                permutations = DeliveryOrder.permutationsOf(annotation.permutationsOf());
            } catch (IllegalArgumentException e) {
                throw ConfigurationErrors.of(
                        "@DeliverInOrder(permutationsOf = " + ConfigurationErrors.literal(annotation.permutationsOf())
                                + ")",
                        method,
                        e,
                        "give at most " + DeliveryOrder.MAX_PERMUTED_IDS + " distinct ids, or list orders explicitly");
            }
            for (DeliveryOrder order : permutations) {
                cases.putIfAbsent(order, new KitCase.DeliverOrder(delivery, order));
            }
        }
        requireWithinCap(method, annotation, cases.size());
        requireSentMessages(method, annotation);
        return List.copyOf(cases.values());
    }

    private static void requireWithinCap(Method method, DeliverInOrder annotation, int orders) {
        if (orders <= annotation.maxCases()) {
            return;
        }
        int ids = annotation.permutationsOf().length;
        throw ConfigurationErrors.of(
                "@DeliverInOrder"
                        + (ids > 0
                                ? "(permutationsOf = " + ConfigurationErrors.literal(annotation.permutationsOf()) + ")"
                                : ""),
                method,
                String.format(
                        Locale.ROOT,
                        "%,d orders to deliver (%s), more than the cap of %,d (@DeliverInOrder(maxCases = %d)%s);"
                                + " no order was run",
                        orders,
                        ids > 0
                                ? String.format(Locale.ROOT, "every permutation of %d ids", ids)
                                        + (annotation.orders().length > 0 ? " and the listed orders" : "")
                                : "the listed orders",
                        annotation.maxCases(),
                        annotation.maxCases(),
                        annotation.maxCases() == DeliverInOrder.DEFAULT_MAX_CASES ? ", the default" : ""),
                "permute fewer ids (5 ids give 120 orders), list the orders that matter in orders = {...}, or raise"
                        + " the cap with @DeliverInOrder(maxCases = " + orders + ")");
    }

    /** Every listed order and the permuted ids name only messages the workload sends, if it says which. */
    private static void requireSentMessages(Method method, DeliverInOrder annotation) {
        if (annotation.messages().length == 0) {
            return;
        }
        for (String text : annotation.orders()) {
            requireSent(
                    method,
                    annotation,
                    "orders = " + ConfigurationErrors.literal(text),
                    "the order " + DeliveryOrder.parse(text),
                    DeliveryOrder.parse(text).distinctIds());
        }
        requireSent(
                method,
                annotation,
                "permutationsOf = " + ConfigurationErrors.literal(annotation.permutationsOf()),
                "permutationsOf",
                List.of(annotation.permutationsOf()));
    }

    private static void requireSent(
            Method method, DeliverInOrder annotation, String element, String what, Collection<String> ids) {
        List<String> sent = List.of(annotation.messages());
        List<String> unknown =
                ids.stream().filter(id -> !sent.contains(id)).distinct().toList();
        if (unknown.isEmpty()) {
            return;
        }
        throw ConfigurationErrors.of(
                "@DeliverInOrder(" + element + ")",
                method,
                what + " names " + String.join(", ", unknown) + ", which the workload never sends (messages = "
                        + ConfigurationErrors.literal(annotation.messages()) + "); no order was run",
                "correct the order, or add " + String.join(", ", unknown) + " to messages if the workload sends "
                        + (unknown.size() == 1 ? "it" : "them"));
    }
}
