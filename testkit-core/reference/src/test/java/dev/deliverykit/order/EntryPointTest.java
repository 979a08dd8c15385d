package dev.deliverykit.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Entry points are named like method selectors and checked against the loaded class before anything runs. */
class EntryPointTest {

    private final List<String> ran = new ArrayList<>();

    @Test
    void anEntryPointPrintsItsReferenceAndHowTheIdIsRead() {
        assertThat(EntryPoint.method("dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event)")
                        .messageIdFrom("eventId()"))
                .hasToString("dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event)"
                        + " (message id: eventId() of argument 0)");
        assertThat(EntryPoint.method(Inbox.class, "file")
                        .messageArgument(1)
                        .messageIdFrom("reference")
                        .reference())
                .isEqualTo("dev.deliverykit.order.Inbox#file");
        assertThat(EntryPoint.method(Inbox.class, "accept", String.class)
                        .messageIdFrom(m -> "x")
                        .describeMessageId())
                .isEqualTo("a MessageIdReader of argument 0");
    }

    @Test
    void malformedReferencesAndAccessorsAreRefused() {
        assertThatThrownBy(() -> EntryPoint.method("Transport.deliver"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"Transport.deliver\" is not a method reference. Expected Type#method or"
                        + " Type#method(paramType,...), for example com.acme.Transport#deliver(com.acme.Event).");
        assertThatThrownBy(() -> EntryPoint.method("com.acme.Transport#<init>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"com.acme.Transport#<init>\" does not name a method: constructors and static"
                        + " initialisers cannot be entry points. Expected the method at which messages arrive.");
        assertThatThrownBy(() -> Inbox.ACCEPT.messageIdFrom("event-id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"event-id\" is not an accessor. Expected a field name such as \"eventId\" or a no-arg"
                        + " method such as \"eventId()\".");
    }

    @Test
    void aClassThatIsNotFoundFailsBeforeAnythingRuns() {
        assertThatThrownBy(() -> OrderedDelivery.at(EntryPoint.method("com.acme.Transport#deliver"))
                        .run("A1", this::ran))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot use com.acme.Transport#deliver as an entry point: class"
                        + " com.acme.Transport is not found by " + getClass().getClassLoader() + ".")
                .hasMessageContaining("Fix: ");
        assertThat(ran).isEmpty();
    }

    @Test
    void aMethodTheClassDoesNotDeclareFailsBeforeAnythingRunsAndListsTheDeclaredMethods() {
        assertThatThrownBy(() -> OrderedDelivery.at(EntryPoint.method(Transport.class, "deliver", String.class))
                        .run("A1", this::ran))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot use dev.deliverykit.order.Transport#deliver(java.lang.String) as an"
                        + " entry point: dev.deliverykit.order.Transport declares no method deliver(java.lang.String)"
                        + " with a body. Its declared methods: deliver(dev.deliverykit.reference.ordered.Event).")
                .hasMessageContaining("Fix: ");
        assertThatThrownBy(() -> OrderedDelivery.at(EntryPoint.method(AutoCloseable.class, "close"))
                        .run("A1", this::ran))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot use java.lang.AutoCloseable#close as an entry point:"
                        + " java.lang.AutoCloseable is a JDK class loaded by the bootstrap class loader")
                .hasMessageContaining("Fix: ");
        assertThat(ran).isEmpty();
    }

    @Test
    void aMissingMessageArgumentOrAccessorFailsBeforeAnythingRuns() {
        assertThatThrownBy(() -> OrderedDelivery.at(
                                EntryPoint.method(Transport.class, "deliver").messageArgument(1))
                        .run("A1", this::ran))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot use deliver(dev.deliverykit.reference.ordered.Event) of"
                        + " dev.deliverykit.order.Transport as an entry point: the message is argument 1 (counted from"
                        + " 0), but the method takes 1.")
                .hasMessageContaining("Fix: ");
        assertThatThrownBy(() -> OrderedDelivery.at(EntryPoint.method(OrderedConsumer.class, "receive", Event.class)
                                .messageIdFrom("eventID()"))
                        .run("A1", this::ran))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot read message ids at receive(dev.deliverykit.reference.ordered.Event)"
                        + " of dev.deliverykit.reference.ordered.OrderedConsumer: argument 0 is a"
                        + " dev.deliverykit.reference.ordered.Event, which has no public no-arg method eventID().")
                .hasMessageContaining("Fix: ");
        assertThat(ran).isEmpty();
    }

    @Test
    void aPlaceholderThatDoesNotFitTheReturnTypeFailsBeforeAnythingRuns() {
        assertThatThrownBy(() -> OrderedDelivery.at(
                                EntryPoint.method(Inbox.class, "count").returningWhenSkipped("many"))
                        .run("p1", this::ran))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot return java.lang.String many from skipped calls of"
                        + " count(dev.deliverykit.order.Inbox$Parcel) of dev.deliverykit.order.Inbox: it returns int.")
                .hasMessageContaining("Expected a value of that type (boxed). Fix: ");
        assertThat(ran).isEmpty();
    }

    private void ran() {
        ran.add("workload");
    }
}
