package dev.deliverykit.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EntryPointMessagesTests {

    private static final ClassLoader LOADER = EntryPointMessagesTests.class.getClassLoader();

    @Test
    void classNotFound() {
        assertThat(EntryPointMessages.classNotFound("com.acme.Transport#deliver", "com.acme.Transport", LOADER)
                        .sentences())
                .isEqualTo("Cannot use com.acme.Transport#deliver as an entry point: class com.acme.Transport is not"
                        + " found by " + LOADER + ". Expected the binary name of a class on the class path"
                        + " (Outer$Inner for a nested class). Fix: correct the class name.");
    }

    @Test
    void bootstrapClass() {
        assertThat(EntryPointMessages.bootstrapClass("java.lang.AutoCloseable#close", "java.lang.AutoCloseable")
                        .sentences())
                .isEqualTo("Cannot use java.lang.AutoCloseable#close as an entry point: java.lang.AutoCloseable is a"
                        + " JDK class loaded by the bootstrap class loader, which the kit does not instrument. Expected"
                        + " an application or library class. Fix: name the method of your code at which messages"
                        + " arrive.");
    }

    @Test
    void isInterface() {
        assertThat(EntryPointMessages.isInterface("com.acme.Port#send", "com.acme.Port")
                        .sentences())
                .isEqualTo("Cannot use com.acme.Port#send as an entry point: com.acme.Port is an interface. Expected"
                        + " the class that implements the method. Fix: name the implementing class.");
    }

    @Test
    void noMethod() {
        assertThat(EntryPointMessages.noMethod(
                                "com.acme.Transport#deliver(java.lang.String)",
                                "com.acme.Transport",
                                "deliver",
                                List.of("java.lang.String"),
                                "deliver(com.acme.Event)")
                        .sentences())
                .isEqualTo("Cannot use com.acme.Transport#deliver(java.lang.String) as an entry point:"
                        + " com.acme.Transport declares no method deliver(java.lang.String) with a body. Its declared"
                        + " methods: deliver(com.acme.Event). Expected the class that declares and implements the"
                        + " method (not an interface, nor a subclass that inherits it). Fix: name that class, or"
                        + " correct the method name or parameter types.");
    }

    @Test
    void noMethodOfAnyParametersInAClassWithoutMethods() {
        assertThat(EntryPointMessages.noMethod("com.acme.T#go", "com.acme.T", "go", null, "")
                        .what())
                .isEqualTo("Cannot use com.acme.T#go as an entry point: com.acme.T declares no method go with a body."
                        + " Its declared methods: none");
    }

    @Test
    void tooFewArguments() {
        assertThat(EntryPointMessages.tooFewArguments("deliver(com.acme.Event)", "com.acme.Transport", 1, 1)
                        .sentences())
                .isEqualTo("Cannot use deliver(com.acme.Event) of com.acme.Transport as an entry point: the message is"
                        + " argument 1 (counted from 0), but the method takes 1. Expected a method that receives the"
                        + " message. Fix: set EntryPoint.messageArgument(index), or name the overload that takes the"
                        + " message.");
    }

    @Test
    void noAccessor() {
        assertThat(EntryPointMessages.noAccessor(
                                "receive(com.acme.Event)",
                                "com.acme.Consumer",
                                0,
                                "com.acme.Event",
                                "no public no-arg method eventID()")
                        .sentences())
                .isEqualTo("Cannot read message ids at receive(com.acme.Event) of com.acme.Consumer: argument 0 is a"
                        + " com.acme.Event, which has no public no-arg method eventID(). Expected a public no-arg"
                        + " method or public field that gives the id. Fix: correct the accessor name, or use"
                        + " EntryPoint.messageIdFrom(MessageIdReader).");
    }

    @Test
    void wrongPlaceholder() {
        assertThat(EntryPointMessages.wrongPlaceholder(
                                "java.lang.String many", "count(com.acme.Parcel)", "com.acme.Inbox", int.class)
                        .sentences())
                .isEqualTo("Cannot return java.lang.String many from skipped calls of count(com.acme.Parcel) of"
                        + " com.acme.Inbox: it returns int. Expected a value of that type (boxed). Fix: pass such a"
                        + " value to EntryPoint.returningWhenSkipped(...).");
        assertThat(EntryPointMessages.wrongPlaceholder("x", "name()", "com.acme.Inbox", String.class)
                        .expected())
                .isEqualTo("a value of that type");
    }

    @Test
    void notInvocable() {
        assertThat(EntryPointMessages.notInvocable("length()", String.class).sentences())
                .isEqualTo("Cannot release captured calls of length() of java.lang.String: its module java.base does"
                        + " not open java.lang to the kit, so the kit cannot invoke it. Expected a method the kit may"
                        + " invoke reflectively. Fix: open the package to the kit (--add-opens), or use HOLD_SENDERS"
                        + " mode, which never invokes it.");
    }

    @Test
    void notWoven() {
        assertThat(EntryPointMessages.notWoven("com.acme.T#go", "com.acme.T", List.of("a", "b"))
                        .sentences())
                .isEqualTo("Cannot intercept com.acme.T#go: the kit could not weave its advice into com.acme.T (a; b);"
                        + " nothing was run. Expected a class loaded by a class loader that can see the kit. Fix: load"
                        + " the kit from the same or a parent class loader, or start the JVM with"
                        + " -javaagent:<testkit-core jar>.");
    }

    @Test
    void notAMethodReference() {
        assertThat(EntryPointMessages.notAMethodReference("com.acme.Transport"))
                .isEqualTo("\"com.acme.Transport\" is not a method reference. Expected Type#method or"
                        + " Type#method(paramType,...), for example com.acme.Transport#deliver(com.acme.Event).");
    }

    @Test
    void notAMethod() {
        assertThat(EntryPointMessages.notAMethod("com.acme.Transport#<init>"))
                .isEqualTo("\"com.acme.Transport#<init>\" does not name a method: constructors and static"
                        + " initialisers cannot be entry points. Expected the method at which messages arrive.");
    }

    @Test
    void argumentBelowZero() {
        assertThat(EntryPointMessages.argumentBelowZero(-1)).isEqualTo("arguments are counted from 0, got -1");
    }

    @Test
    void notAnAccessor() {
        assertThat(EntryPointMessages.notAnAccessor("event-id"))
                .isEqualTo("\"event-id\" is not an accessor. Expected a field name such as \"eventId\" or a no-arg"
                        + " method such as \"eventId()\".");
    }

    @Test
    void interceptedUnnamed() {
        assertThat(EntryPointMessages.interceptedUnnamed(
                        "com.acme.Transport#deliver(com.acme.Event)", "com.acme.Transport#send"))
                .isEqualTo("the entry-point advice intercepted com.acme.Transport#deliver(com.acme.Event), which"
                        + " com.acme.Transport#send does not name; the class was redefined after the run started");
    }

    @Test
    void nullMessage() {
        assertThat(EntryPointMessages.nullMessage(0)).isEqualTo("argument 0 is null");
    }

    @Test
    void readerThrew() {
        assertThat(EntryPointMessages.readerThrew(new IllegalStateException("boom")))
                .isEqualTo("the MessageIdReader threw java.lang.IllegalStateException: boom");
    }

    @Test
    void noId() {
        assertThat(EntryPointMessages.noId("eventId()", true, "Event[id=null]"))
                .isEqualTo("eventId() is null for the message Event[id=null]");
    }

    @Test
    void emptyId() {
        assertThat(EntryPointMessages.noId("eventId()", false, "Event[id=]"))
                .isEqualTo("eventId() is empty for the message Event[id=]");
    }

    @Test
    void accessorMissing() {
        assertThat(EntryPointMessages.accessorMissing("com.acme.Event", "no public field or no-arg method eventId"))
                .isEqualTo("com.acme.Event has no public field or no-arg method eventId");
    }

    @Test
    void accessorInaccessible() {
        assertThat(EntryPointMessages.accessorInaccessible("eventId()", "com.acme.Event", "access denied"))
                .isEqualTo("eventId() of com.acme.Event is not accessible to the kit (access denied); make the class"
                        + " public or open its package, or use EntryPoint.messageIdFrom(MessageIdReader)");
    }

    @Test
    void accessorThrew() {
        assertThat(EntryPointMessages.accessorThrew("eventId()", new IllegalStateException("boom")))
                .isEqualTo("eventId() threw java.lang.IllegalStateException: boom");
    }

    @Test
    void notInvoked() {
        assertThat(EntryPointMessages.notInvoked(
                        "com.acme.Transport#deliver(com.acme.Event)", new IllegalAccessException("denied")))
                .isEqualTo("the kit could not invoke com.acme.Transport#deliver(com.acme.Event):"
                        + " java.lang.IllegalAccessException: denied");
    }
}
