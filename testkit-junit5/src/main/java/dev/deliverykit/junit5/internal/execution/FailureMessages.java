package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.planning.KitCase;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Puts the case and its replay key into every failure: the original failure's message, then the failures of the
 * class's {@code @CheckInvariant}s if the test failed too, then which case failed and how to rerun only it. Each
 * text is printed once: an assertion (a kit verdict such as {@code BoundaryNotReachedError}, or the test's own)
 * is replaced by the failure that carries its message, its stack trace, its cause and its suppressed exceptions,
 * so that no "Caused by" repeats it; an expected/actual pair is kept, so IDEs still show the diff and jump to the
 * failing line. Any other exception (an {@code SQLException} of the code under test) stays the cause, for its
 * type and fields.
 */
final class FailureMessages {

    private FailureMessages() {}

    /**
     * The failure to report instead of {@code failure}, with the failure of the class's {@code @CheckInvariant}s
     * (if any) in its message too, so that every failed check shows at top level, and the file with the whole
     * output of the case's child JVM (if any); aborts pass through unchanged.
     */
    static Throwable withCase(
            Throwable failure, KitCase crashCase, Optional<AssertionFailedError> declared, Optional<Path> childOutput) {
        return withCase(failure, crashCase, "", declared, childOutput);
    }

    /**
     * As {@link #withCase(Throwable, KitCase, Optional, Optional)}, with {@code timeline} (a schedule's, ending with
     * a blank line, or nothing) just before the case's block, once, though the declared invariants' failure ends
     * with it too.
     */
    static Throwable withCase(
            Throwable failure,
            KitCase crashCase,
            String timeline,
            Optional<AssertionFailedError> declared,
            Optional<Path> childOutput) {
        if (failure instanceof TestAbortedException) {
            return failure;
        }
        String message = describe(failure)
                + declared.map(invariants -> "\n\n" + withoutCase(invariants.getMessage(), timeline))
                        .orElse("")
                + "\n\n"
                + childOutput
                        .map(file -> "The child JVM's whole output: " + file.toAbsolutePath() + "\n")
                        .orElse("")
                + timeline
                + block(crashCase);
        boolean replaces = failure instanceof AssertionError || isMisuse(failure);
        Throwable cause = replaces ? failure.getCause() : failure;
        Throwable wrapped;
        // JUnit 6 refuses a null cause in its exceptions' (message, cause) constructors.
        if (failure instanceof ExtensionConfigurationException) {
            wrapped = cause == null
                    ? new ExtensionConfigurationException(message)
                    : new ExtensionConfigurationException(message, cause);
        } else if (failure instanceof ParameterResolutionException) {
            wrapped = cause == null
                    ? new ParameterResolutionException(message)
                    : new ParameterResolutionException(message, cause);
        } else if (failure instanceof AssertionFailedError original
                && original.isExpectedDefined()
                && original.isActualDefined()) {
            wrapped = new AssertionFailedError(
                    message,
                    original.getExpected().getValue(),
                    original.getActual().getValue(),
                    cause);
        } else {
            wrapped = new AssertionFailedError(message, cause);
        }
        wrapped.setStackTrace(failure.getStackTrace());
        if (replaces) {
            Arrays.stream(failure.getSuppressed()).forEach(wrapped::addSuppressed);
        }
        declared.ifPresent(
                invariants -> Arrays.stream(invariants.getSuppressed()).forEach(wrapped::addSuppressed));
        return wrapped;
    }

    /** The lines every failure of the case ends with. */
    public static String block(KitCase crashCase) {
        boolean crashing = crashCase instanceof KitCase.EngineCase && crashCase.mode() == CrashMode.IN_PROCESS;
        return "DeliveryKit case: " + crashCase.displayName() + (crashing ? " (in process)" : "") + "\n"
                + "Replay only this case: -D" + DeliveryKitConfiguration.REPLAY + "='" + crashCase.replayKey() + "'";
    }

    /** The message without the block {@link #withCase} appended. */
    static String withoutCase(String message) {
        return withoutCase(message, "");
    }

    /** The message without {@code timeline} and the block after it. */
    private static String withoutCase(String message, String timeline) {
        int block = message.indexOf("\n\n" + timeline + "DeliveryKit case: ");
        return block < 0 ? message : message.substring(0, block);
    }

    /** A misconfigured kit or a misdeclared parameter, whose message says so and how to fix it. */
    private static boolean isMisuse(Throwable failure) {
        return failure instanceof ExtensionConfigurationException || failure instanceof ParameterResolutionException;
    }

    /** An assertion's, a configuration error's or a parameter error's own message; else its type and message. */
    static String describe(Throwable failure) {
        if (failure instanceof AssertionError || isMisuse(failure)) {
            String message = failure.getMessage();
            return message == null ? failure.getClass().getName() : message;
        }
        return failure.toString();
    }
}
