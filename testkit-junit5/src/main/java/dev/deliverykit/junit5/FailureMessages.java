package dev.deliverykit.junit5;

import dev.deliverykit.CrashMode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Puts the case and its replay key into every failure: the original failure's message, then which case
 * failed and how to rerun only it. The original stays the cause and lends its stack trace, and an
 * expected/actual pair is kept, so IDEs still show the diff and jump to the failing line.
 */
final class FailureMessages {

    private FailureMessages() {}

    /** The failure to report instead of {@code failure}; aborts (assumptions) pass through unchanged. */
    public static Throwable withCase(Throwable failure, CrashCase crashCase) {
        return withCase(failure, crashCase, Optional.empty());
    }

    /** {@link #withCase(Throwable, CrashCase)}, naming the file with the whole output of the case's child JVM. */
    static Throwable withCase(Throwable failure, CrashCase crashCase, Optional<Path> childOutput) {
        if (failure instanceof TestAbortedException) {
            return failure;
        }
        String message = describe(failure) + "\n\n"
                + childOutput
                        .map(file -> "The child JVM's whole output: " + file.toAbsolutePath() + "\n")
                        .orElse("")
                + block(crashCase);
        if (failure instanceof ExtensionConfigurationException) {
            ExtensionConfigurationException misused = new ExtensionConfigurationException(message, failure);
            misused.setStackTrace(failure.getStackTrace());
            return misused;
        }
        AssertionFailedError wrapped;
        if (failure instanceof AssertionFailedError
                && ((AssertionFailedError) failure).isExpectedDefined()
                && ((AssertionFailedError) failure).isActualDefined()) {
            AssertionFailedError original = (AssertionFailedError) failure;
            wrapped = new AssertionFailedError(
                    message,
                    original.getExpected().getValue(),
                    original.getActual().getValue(),
                    failure);
        } else {
            wrapped = new AssertionFailedError(message, failure);
        }
        wrapped.setStackTrace(failure.getStackTrace());
        return wrapped;
    }

    /** The lines every failure of the case ends with. */
    public static String block(CrashCase crashCase) {
        boolean crashing = crashCase instanceof CrashCase.Crashing && crashCase.mode() == CrashMode.IN_PROCESS;
        return "DeliveryKit case: " + crashCase.displayName() + (crashing ? " (in process)" : "") + "\n"
                + "Replay only this case: -D" + DeliveryKitConfiguration.REPLAY + "='" + crashCase.replayKey() + "'";
    }

    /** The message without the block {@link #withCase} appended. */
    static String withoutCase(String message) {
        int block = message.indexOf("\n\nDeliveryKit case: ");
        return block < 0 ? message : message.substring(0, block);
    }

    /** An assertion's or a configuration error's own message; for anything else its type and message. */
    static String describe(Throwable failure) {
        if (failure instanceof AssertionError || failure instanceof ExtensionConfigurationException) {
            String message = failure.getMessage();
            return message == null ? failure.getClass().getName() : message;
        }
        return failure.toString();
    }
}
