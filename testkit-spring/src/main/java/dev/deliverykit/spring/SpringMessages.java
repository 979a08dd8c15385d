package dev.deliverykit.spring;

import java.time.Duration;
import java.util.List;

/** What {@link SpringProcess} says when it is misused or its application does not settle: each message once. */
final class SpringMessages {

    private SpringMessages() {}

    static String outsideACase(String method) {
        return "SpringProcess." + method + " runs only inside a @CrashAt or @CrashSweep test method: it starts the"
                + " application inside the case's scenario. Register the SpringProcess with @RegisterExtension on a"
                + " field of the test class and call " + method + " from the test method.";
    }

    static String notRegistered(String method) {
        return "SpringProcess." + method + " was called on a SpringProcess that JUnit does not know: register it"
                + " with @RegisterExtension on a field of the test class (withProperty and awaitingAtMost return a"
                + " new SpringProcess; register the one they return).";
    }

    static String notSettled(Duration limit, List<String> busy) {
        return "The Spring application did not settle within " + limit + ": " + String.join("; ", busy)
                + ". Raise the limit with SpringProcess.awaitingAtMost(...), or make the listener finish (a"
                + " publication whose listener keeps failing is left FAILED, not waited for).";
    }

    static String nullProperty(String name) {
        return "SpringProcess.withProperty(\"" + name + "\", ...): the value's supplier returned null. Give the"
                + " property a value, or leave it out.";
    }

    static String notPositive(Duration limit) {
        return "SpringProcess.awaitingAtMost(" + limit + "): the wait needs a positive duration, e.g."
                + " awaitingAtMost(Duration.ofSeconds(60)).";
    }

    static String notASpringBootTest(Class<?> testClass) {
        return "SpringProcess.ofSpringBootTest() is registered on " + testClass.getName() + ", which is not a"
                + " @SpringBootTest: the process is the application of the test class's @SpringBootTest. Annotate the"
                + " test class with @SpringBootTest, or name the application: SpringProcess.of(ShopApplication.class).";
    }

    static String noConfiguration(Class<?> testClass) {
        return "SpringProcess.ofSpringBootTest() found no application for " + testClass.getName() + ": its"
                + " @SpringBootTest names no classes, and no @SpringBootConfiguration class is in its package or above."
                + " Name the application in @SpringBootTest(classes = ShopApplication.class), or put its"
                + " @SpringBootApplication class in the test class's package or above.";
    }

    static String noSources() {
        return "SpringProcess.of() needs the application's class (its @SpringBootApplication or @Configuration"
                + " class), e.g. SpringProcess.of(ShopApplication.class).";
    }
}
