package dev.deliverykit.junit5.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.internal.text.InvalidArgumentException;
import dev.deliverykit.internal.text.Message;
import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ConfigurationErrorsTests {

    private static final Method METHOD = method();

    @Test
    void anElementsErrorNamesTheElementAndTheTestAndEndsWithTheFix() {
        assertThat(ConfigurationErrors.of("@CrashAt(occurrence = 0)", METHOD, "occurrences are counted from 1", "use 1")
                        .getMessage())
                .isEqualTo("@CrashAt(occurrence = 0) on ConfigurationErrorsTests.survives(String, Path): occurrences"
                        + " are counted from 1. Fix: use 1");
    }

    @Test
    void anEngineMessageKeptAsAValueGivesItsPartsAndTheFixInTheAnnotationsTerms() {
        InvalidArgumentException refused =
                new InvalidArgumentException(Message.of("cannot permute 9 ids", "at most 8", "permute fewer"));

        assertThat(ConfigurationErrors.of("@DeliverInOrder(permutationsOf = ...)", METHOD, refused, "give at most 8")
                        .getMessage())
                .isEqualTo("@DeliverInOrder(permutationsOf = ...) on ConfigurationErrorsTests.survives(String, Path):"
                        + " cannot permute 9 ids. Expected at most 8. Fix: give at most 8");
    }

    @Test
    void anyOtherEngineMessageIsOneSentenceBeforeTheFix() {
        assertThat(ConfigurationErrors.of(
                                "@CrashSweep(within = \"x\")",
                                METHOD,
                                new IllegalArgumentException("\"x\" is not a place: it has no #."),
                                "write the place as Type#method")
                        .getMessage())
                .isEqualTo("@CrashSweep(within = \"x\") on ConfigurationErrorsTests.survives(String, Path): \"x\" is"
                        + " not a place: it has no #. Fix: write the place as Type#method");
    }

    @Test
    void literalsAreWrittenAsInAnAnnotation() {
        assertThat(ConfigurationErrors.literal("a")).isEqualTo("\"a\"");
        assertThat(ConfigurationErrors.literal("a", "b")).isEqualTo("{\"a\", \"b\"}");
    }

    @SuppressWarnings("unused")
    void survives(String scenario, Path dir) {}

    private static Method method() {
        try {
            return ConfigurationErrorsTests.class.getDeclaredMethod("survives", String.class, Path.class);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }
}
