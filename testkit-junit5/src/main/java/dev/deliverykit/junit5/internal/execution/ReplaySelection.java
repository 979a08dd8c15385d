package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.ReplayKey;
import dev.deliverykit.internal.text.Message;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.config.ClosestTexts;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Whether {@code deliverykit.replay} selected a case anywhere in the run. Every kit template says, when JUnit
 * evaluates its replay condition, whether it produces the replayed case and which keys it could produce; a
 * template that does not is skipped, as before. When JUnit closes the root store at the end of the run (this is
 * an {@link AutoCloseable} store value), a key that no template produced fails the run with the closest keys
 * that exist: a mistyped key would otherwise skip every test and pass the build.
 *
 * <p>A misconfigured template may or may not have had the case; it fails the run itself, so the ledger then
 * stays silent. Every JVM judges its own templates: a build that spreads test classes over several forks should
 * select the test too ({@code -Dtest=...}), as the key's documentation says.
 */
final class ReplaySelection implements AutoCloseable {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(ReplaySelection.class);
    private static final int CLOSEST = 3;
    private static final int TESTS_NAMED = 5;

    private ReplayKey requested;
    private final List<String> tests = new ArrayList<>();
    private final Set<String> offered = new LinkedHashSet<>();
    private boolean selected;
    private boolean undecided;

    /** The run's ledger, created in the root store by the first template that reports to it. */
    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static ReplaySelection of(ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(ReplaySelection.class, type -> new ReplaySelection(), ReplaySelection.class);
    }

    /**
     * Records that the template {@code method} made its cases under {@code requested}: whether it produces the case,
     * and the keys it could produce instead.
     */
    static void report(
            ExtensionContext template, ReplayKey requested, Method method, boolean produces, Collection<String> keys) {
        ReplaySelection selection = of(template);
        synchronized (selection) {
            selection.requested = requested;
            selection.tests.add(ConfigurationErrors.describe(method));
            selection.offered.addAll(keys);
            selection.selected |= produces;
        }
    }

    /** Records that a template could not make its cases: its own failure fails the run, this ledger says nothing. */
    static void reportMisconfigured(ExtensionContext template) {
        ReplaySelection selection = of(template);
        synchronized (selection) {
            selection.undecided = true;
        }
    }

    /**
     * Fails the run if no template produced the replayed case.
     *
     * @throws ExtensionConfigurationException naming the key, the tests, the closest keys and the fix
     */
    @Override
    public synchronized void close() {
        if (selected || undecided || requested == null) {
            return;
        }
        throw new ExtensionConfigurationException(message());
    }

    private String message() {
        String key = requested.text();
        String named = tests.stream().limit(TESTS_NAMED).collect(Collectors.joining(", "))
                + (tests.size() > TESTS_NAMED ? " and " + (tests.size() - TESTS_NAMED) + " more" : "");
        List<String> closest = ClosestTexts.to(key, offered, CLOSEST);
        return Message.of(
                        DeliveryKitConfiguration.REPLAY + "='" + key + "' selects no case of this run, so nothing was"
                                + " replayed: "
                                + (tests.size() == 1
                                        ? "the run's one DeliveryKit test, " + named + ", does not have that case."
                                        : "none of the run's " + tests.size() + " DeliveryKit tests (" + named
                                                + ") has that case.")
                                + (closest.isEmpty()
                                        ? ""
                                        : "\nClosest keys of this run: " + String.join(", ", closest)),
                        null,
                        "copy the key from a failure message or the report (quoted: -D"
                                + DeliveryKitConfiguration.REPLAY + "='...'), or remove "
                                + DeliveryKitConfiguration.REPLAY + " to run every case.")
                .lines();
    }
}
