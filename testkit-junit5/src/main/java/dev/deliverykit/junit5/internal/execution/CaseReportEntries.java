package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.KitCase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.platform.commons.JUnitException;

/**
 * What a case tells JUnit's own reports (the Open Test Reporting XML, IDEs, any launcher listener): report
 * entries {@value #CASE}, {@value #REPLAY}, {@value #REPORT} and, for a sweep case that stands for equivalent points,
 * {@value #EQUIVALENTS}, and, when the Open Test Reporting XML is on
 * ({@value KitSettings#OPEN_XML}{@code =true}), each attachment as a published file, where the running JUnit has
 * {@code ExtensionContext.publishFile} (5.12 and later; the method is looked up, so older versions do without).
 * Without that XML nobody reads published files, and JUnit would copy every attachment into the build directory.
 */
@API(status = INTERNAL, since = "0.1")
public final class CaseReportEntries {

    public static final String CASE = "deliverykit.case";
    public static final String REPLAY = "deliverykit.replay";
    public static final String REPORT = "deliverykit.report";
    /** A sweep case's equivalent points, one per line, when it stands for any. */
    static final String EQUIVALENTS = "deliverykit.equivalents";
    /** What the dead process still tried after an in-process crash, one refused call per line; no verdict. */
    static final String AFTER_DEATH = "deliverykit.afterDeath";

    /** {@code publishFile(String, MediaType, ThrowingConsumer)} and the text/plain media type, if this JUnit has them. */
    private static final Optional<FilePublisher> PUBLISH_FILE = filePublisher();

    private CaseReportEntries() {}

    /** Publishes the case's name, its replay key and, when the report is written, the file URI of report.html. */
    static void publish(
            ExtensionContext invocation, KitCase crashCase, List<String> afterDeath, Optional<Path> report) {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(CASE, crashCase.displayName());
        entries.put(REPLAY, crashCase.replayKey().toString());
        if (crashCase instanceof KitCase.CrashAtHit hit && !hit.equivalents().isEmpty()) {
            entries.put(EQUIVALENTS, String.join("\n", hit.equivalents()));
        }
        if (!afterDeath.isEmpty()) {
            entries.put(AFTER_DEATH, String.join("\n", afterDeath));
        }
        report.ifPresent(html ->
                entries.put(REPORT, html.toAbsolutePath().normalize().toUri().toString()));
        invocation.publishReportEntry(entries);
    }

    /** Publishes a copy of {@code file}, under its name, as a file of the invocation, where JUnit can. */
    static void publishFile(ExtensionContext invocation, Path file) {
        boolean openXml = invocation
                .getConfigurationParameter(KitSettings.OPEN_XML)
                .map(value -> value.strip().equalsIgnoreCase("true"))
                .orElse(false);
        if (openXml) {
            PUBLISH_FILE.ifPresent(publisher -> publisher.publish(invocation, file));
        }
    }

    private static Optional<FilePublisher> filePublisher() {
        // JUnit 5.14 has two (the 5.12 one, deprecated, with extension.MediaType): prefer the newer, abstract one.
        return Arrays.stream(ExtensionContext.class.getMethods())
                .filter(method -> method.getName().equals("publishFile")
                        && method.getParameterCount() == 3
                        && method.getParameterTypes()[0] == String.class
                        && method.getParameterTypes()[2] == ThrowingConsumer.class)
                .sorted(Comparator.comparing(Method::isDefault))
                .flatMap(method ->
                        textPlain(method.getParameterTypes()[1]).map(type -> new FilePublisher(method, type)).stream())
                .findFirst();
    }

    private static Optional<Object> textPlain(Class<?> mediaType) {
        try {
            return Optional.ofNullable(mediaType.getField("TEXT_PLAIN_UTF_8").get(null));
        } catch (ReflectiveOperationException e) {
            return Optional.empty();
        }
    }

    private record FilePublisher(Method method, Object textPlain) {

        void publish(ExtensionContext invocation, Path file) {
            ThrowingConsumer<Path> copy = target -> Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
            try {
                method.invoke(invocation, file.getFileName().toString(), textPlain, copy);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("ExtensionContext.publishFile is public and yet not accessible", e);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                if (cause instanceof JUnitException) {
                    // This launcher writes no outputs (EngineTestKit by default): the kit's report has the file.
                    return;
                }
                throw cause instanceof RuntimeException unchecked
                        ? unchecked
                        : new IllegalStateException(ScenarioMessages.notPublished(file), cause);
            }
        }
    }
}
