package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * Refuses a JUnit older than the kit supports, with one message that names the JUnit found, the JUnit needed and
 * the BOM lines that fix it, before the kit calls any newer JUnit API: on JUnit 5.12 the engine never calls
 * {@code TestTemplateInvocationContext.prepareInvocation}, so the kit's parameter resolver is missing, and JUnit 5.11
 * and older lack {@code ExtensionContext.getEnclosingTestClasses()}. The kit template extensions call it first,
 * from their condition and their provider ({@code KitTemplateExtension}); it reads the versions once per run, kept
 * in the root store.
 *
 * <p>Each JUnit artifact is judged by its jar's {@code Implementation-Version}; where a jar has none (a repackaged
 * JUnit), by the presence of the newest JUnit API that the kit relies on. A JUnit it cannot judge either way passes.
 */
@API(status = INTERNAL, since = "0.1")
public final class JUnitVersionCheck {

    /** The oldest JUnit Jupiter the kit works with (JUnit 6 and newer work too). */
    static final String OLDEST_JUPITER = "5.13";

    /** The oldest JUnit Platform 1.x the kit works with (JUnit Platform 6 and newer work too). */
    static final String OLDEST_PLATFORM = "1.13";

    /** The JUnit BOM to recommend when the kit's jar does not say which JUnit it was built with. */
    private static final String BUILT_WITH_UNKNOWN = "5.14.4";

    private static final Pattern MAJOR_MINOR = Pattern.compile("^(\\d+)\\.(\\d+)");
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(JUnitVersionCheck.class);

    /** The condition's result for an unsupported JUnit: the template runs, and its provider reports the error. */
    public static final ConditionEvaluationResult ENABLED_TO_FAIL =
            ConditionEvaluationResult.enabled("the unsupported JUnit version is reported by the template itself");

    private JUnitVersionCheck() {}

    /** Whether this run's JUnit is one the kit supports (read once per run). */
    public static boolean supported(ExtensionContext context) {
        return verdict(context).isEmpty();
    }

    /**
     * Returns {@code true} if this run's JUnit is supported.
     *
     * @throws ExtensionConfigurationException naming the JUnit found, the JUnit needed and the fix, if it is not
     */
    public static boolean require(ExtensionContext context) {
        Optional<String> problem = verdict(context);
        if (problem.isPresent()) {
            throw new ExtensionConfigurationException(problem.get());
        }
        return true;
    }

    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: JUnit 5 has no computeIfAbsent
    private static Optional<String> verdict(ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(Verdict.class, type -> new Verdict(problem(onTheClassPath())), Verdict.class)
                .problem();
    }

    /** The message for the artifacts, if one of them is older than the kit supports. */
    static Optional<String> problem(List<Artifact> artifacts) {
        List<String> tooOld = new ArrayList<>();
        for (Artifact artifact : artifacts) {
            artifact.tooOld().ifPresent(tooOld::add);
        }
        if (tooOld.isEmpty()) {
            return Optional.empty();
        }
        String bom = bomVersion();
        return Optional.of(SettingMessages.junitTooOld(OLDEST_JUPITER, OLDEST_PLATFORM, tooOld, bom)
                .clauses());
    }

    /** The JUnit artifacts the kit runs on: the versions of their jars, and whether the APIs the kit calls exist. */
    static List<Artifact> onTheClassPath() {
        boolean prepareInvocation = hasMethod(TestTemplateInvocationContext.class, "prepareInvocation");
        boolean enclosingTestClasses = hasMethod(ExtensionContext.class, "getEnclosingTestClasses");
        return List.of(
                new Artifact(
                        "junit-jupiter-api",
                        version("org.junit.jupiter.api.Test"),
                        OLDEST_JUPITER,
                        prepareInvocation
                                ? Optional.empty()
                                : Optional.of(
                                        enclosingTestClasses
                                                ? "TestTemplateInvocationContext.prepareInvocation (JUnit 5.13)"
                                                : "ExtensionContext.getEnclosingTestClasses (JUnit 5.12)")),
                new Artifact(
                        "junit-jupiter-engine",
                        version("org.junit.jupiter.engine.JupiterTestEngine"),
                        OLDEST_JUPITER,
                        Optional.empty()),
                new Artifact(
                        "junit-platform-commons",
                        version("org.junit.platform.commons.support.AnnotationSupport"),
                        OLDEST_PLATFORM,
                        Optional.empty()),
                new Artifact(
                        "junit-platform-engine",
                        version("org.junit.platform.engine.TestEngine"),
                        OLDEST_PLATFORM,
                        Optional.empty()));
    }

    /** The {@code Implementation-Version} of the jar that holds the class, if the class and the version exist. */
    private static Optional<String> version(String className) {
        try {
            Package found = Class.forName(className, false, JUnitVersionCheck.class.getClassLoader())
                    .getPackage();
            return Optional.ofNullable(found == null ? null : found.getImplementationVersion())
                    .map(String::trim)
                    .filter(version -> !version.isEmpty());
        } catch (ClassNotFoundException | LinkageError notVisible) {
            return Optional.empty(); // not on the kit's class path (a custom launcher set-up): nothing to judge
        }
    }

    private static boolean hasMethod(Class<?> type, String name) {
        for (var method : type.getMethods()) {
            if (method.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The JUnit BOM version to recommend: the one the kit was built and tested with. */
    private static String bomVersion() {
        try (InputStream in = JUnitVersionCheck.class.getResourceAsStream("junit-version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            String version = properties.getProperty("junit.version", "");
            // Unfiltered (run from sources without Maven's resource phase): the version the kit's pom names.
            return version.isEmpty() || version.startsWith("${") ? BUILT_WITH_UNKNOWN : version;
        } catch (IOException e) {
            return BUILT_WITH_UNKNOWN;
        }
    }

    /**
     * One JUnit artifact as found: its jar's version, if it has one, and the missing API that shows it too old,
     * if one is missing.
     *
     * @param name the artifact id, as a user finds it in their dependency tree
     * @param version the jar's {@code Implementation-Version}
     * @param oldest the oldest supported version before JUnit 6, {@code major.minor}: Jupiter 5.x goes with
     *     Platform 1.x; from JUnit 6 on, Jupiter and Platform have one version, and all of them are supported
     * @param missingApi the newest API the kit calls that the artifact lacks, with the JUnit that added it
     */
    record Artifact(String name, Optional<String> version, String oldest, Optional<String> missingApi) {

        /** {@code junit-jupiter-api 5.12.2}, if the artifact is older than the kit supports. */
        Optional<String> tooOld() {
            Optional<int[]> found = version.flatMap(JUnitVersionCheck::majorMinor);
            if (found.isEmpty()) {
                return missingApi.map(api -> name + " without " + api);
            }
            int[] needed = majorMinor(oldest).orElseThrow();
            int major = found.get()[0];
            int minor = found.get()[1];
            boolean old = major < 6 && (major < needed[0] || major == needed[0] && minor < needed[1]);
            return old ? Optional.of(name + " " + version.get()) : Optional.empty();
        }
    }

    /** {@code {5, 12}} of {@code 5.12.2} or {@code 5.12.0-M1}; empty for a version that does not start so. */
    private static Optional<int[]> majorMinor(String version) {
        Matcher matcher = MAJOR_MINOR.matcher(version);
        return matcher.find()
                ? Optional.of(new int[] {Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2))})
                : Optional.empty();
    }

    /** The outcome of the check for the run: the message, if the JUnit is not supported. */
    private record Verdict(Optional<String> problem) {}
}
